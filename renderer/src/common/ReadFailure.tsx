/**
 * What a screen shows where its data should be when the data cannot be read (a list, a dashboard, a
 * schedule, an editor's record): 'Не удалось загрузить данные', the reason (the server's message, 'Нет
 * связи с сервером', the status) and 'Повторить' — never an empty screen pretending there is no data,
 * never a spinner turning forever. Lists come back by themselves when the connection does (main.tsx).
 */
import { Button, NonIdealState } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { ReactNode } from 'react';
import { readFailureReason } from './failure';

export function ReadFailure(props: { error: unknown; onRetry(): void; className?: string; title?: string; action?: ReactNode }) {
  return (
    <NonIdealState
      icon="error"
      title={props.title ?? MESSAGES.connection.listFailed}
      description={readFailureReason(props.error)}
      action={
        <>
          <Button icon="refresh" text={MESSAGES.connection.retry} onClick={props.onRetry} />
          {props.action}
        </>
      }
      className={props.className ?? 'list-error'}
    />
  );
}
