/**
 * What a screen shows where its data should be when the data cannot be read (a list, a dashboard, a
 * schedule, an editor's record): 'Не удалось загрузить данные', the reason (the server's message, 'Нет
 * связи с сервером', the status) and 'Повторить' — never an empty screen pretending there is no data,
 * never a spinner turning forever. Lists come back by themselves when the connection does (main.tsx).
 * A part of a page that could not be read (an editor's product, a seat scheme's taken seats, the
 * totals) says it in its place with `part`: a small icon beside the words, the rest of the page at work.
 */
import { Button, NonIdealState, NonIdealStateIconSize } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { ReactNode } from 'react';
import { readFailureReason } from './failure';

export function ReadFailure(props: { error: unknown; onRetry(): void; className?: string; title?: string; action?: ReactNode; part?: boolean }) {
  return (
    <NonIdealState
      icon="error"
      iconSize={props.part ? NonIdealStateIconSize.SMALL : undefined}
      layout={props.part ? 'horizontal' : undefined}
      title={props.title ?? MESSAGES.connection.listFailed}
      description={readFailureReason(props.error)}
      action={
        <>
          <Button icon="refresh" text={MESSAGES.connection.retry} onClick={props.onRetry} />
          {props.action}
        </>
      }
      className={props.className ?? (props.part ? 'read-failure-part' : 'list-error')}
    />
  );
}
