/**
 * An application is unwatched until a staff member opens its edit page (issue 19): once the page has
 * read the stored application it says so (`POST /applications/{id}/watched`, outside the version, so
 * a colleague's open copy stays current), and the sidebar badge and the list are read again.
 */
import { NEW_ITEMS_PATH } from '@shared/api';
import { APPLICATION_PATHS } from '@shared/applications/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/http';

export function useMarkWatched(applicationId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (applicationId === undefined) return;
    api
      .post(APPLICATION_PATHS.watched(applicationId))
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: [NEW_ITEMS_PATH] });
        // The list only (`[path, 'list', …]`): the whole '/applications' prefix is also this editor's record.
        void queryClient.invalidateQueries({ queryKey: [APPLICATION_PATHS.list, 'list'] });
      })
      // A mark, not the user's work: a refusal changes nothing on the page (a 5xx is told by the api layer).
      .catch(() => undefined);
  }, [applicationId, queryClient]);
}
