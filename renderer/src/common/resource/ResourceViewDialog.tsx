import { Button, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { ResourceDefinition } from '@shared/resources/define';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/http';
import { AppDialog } from '../AppDialog';
import { notifyFailure } from '../failure';
import type { ResourceViewSpec } from './definition';

interface Props<Stored> {
  resource: ResourceDefinition;
  view: ResourceViewSpec<Stored>;
  /** The record to show; the dialog is open while it is set. */
  id: number | null;
  onClose(): void;
}

/** The read-only view of one record (GET {path}/{id}), e.g. a log with its message, meta and env. */
export function ResourceViewDialog<Stored>({ resource, view, id, onClose }: Props<Stored>) {
  const record = useQuery({
    queryKey: [resource.path, 'record', id],
    queryFn: ({ signal }) => api.get<{ data: Stored }>(`${resource.path}/${id}`, undefined, signal),
    enabled: id !== null,
    gcTime: 0,
  });

  useEffect(() => {
    if (id === null || !record.isError || record.isFetching) return;
    notifyFailure(record.error, resource.messages.loadFailed ?? MESSAGES.errors.generic, { write: false, fixed: true });
    onClose();
  }, [id, record.isError, record.isFetching, record.error, resource, onClose]);

  return (
    <AppDialog isOpen={id !== null} onClose={onClose} title={view.title} canOutsideClickClose canEscapeKeyClose className="resource-dialog" style={{ width: view.width ?? '50vw' }}>
      <DialogBody>{record.data ? view.render(record.data.data) : <Spinner aria-label={MESSAGES.list.loading} />}</DialogBody>
      <DialogFooter actions={<Button text={MESSAGES.list.close} onClick={onClose} />} />
    </AppDialog>
  );
}
