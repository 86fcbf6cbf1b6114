import { Callout, Intent } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useConnection } from '../../api/connection';

/** 'Нет связи с сервером' while requests get no answer; it goes away by itself when the server answers (api/connection.ts). */
export function ConnectionBanner() {
  const online = useConnection((state) => state.online);
  if (online) return null;
  return (
    <Callout intent={Intent.WARNING} icon="offline" title={MESSAGES.connection.offline} className="connection-banner" role="alert">
      {MESSAGES.connection.offlineHint}
    </Callout>
  );
}
