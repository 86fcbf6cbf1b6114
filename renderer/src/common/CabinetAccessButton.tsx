import { Button, FormGroup } from '@blueprintjs/core';
import { cabinetAccessPath, type CabinetHolderKind, type ResendReply } from '@shared/cabinet-access';
import { MESSAGES } from '@shared/messages';
import { useState } from 'react';
import { api } from '../api/http';
import { actionFailed } from './actionFailed';
import type { FieldRenderProps, FieldSpec } from './form/fields';
import { toast } from './toaster';

interface CabinetAccessOptions {
  /** Whether what the letter needs is filled in (the spec disables the button otherwise). */
  ready: (values: Record<string, unknown>, id: number) => boolean;
  /** A line under the button. */
  hint?: (values: Record<string, unknown>) => string | undefined;
}

/**
 * 'Отправить логин и пароль' (spec 01 §4) in the edit dialog of a client or an agency: disabled
 * until the record is saved and `ready`; sends what is saved. Without SMTP_URL the server keeps the
 * letter and the toast says so; a refusal (422 missing data, 429 too many letters) shows the
 * server's message; 401, 419 and 5xx are shown globally.
 */
function CabinetAccessButton({ kind, options, values }: { kind: CabinetHolderKind; options: CabinetAccessOptions } & FieldRenderProps) {
  const [sending, setSending] = useState(false);
  const texts = MESSAGES[kind];
  const id = typeof values.id === 'number' ? values.id : undefined;
  const send = async () => {
    if (id === undefined) return;
    setSending(true);
    try {
      const reply = await api.post<ResendReply>(cabinetAccessPath(kind, id));
      if (reply.sent) toast.success(reply.message);
      else toast.warning(texts.keptNotSent);
    } catch (error) {
      actionFailed(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <FormGroup helperText={options.hint?.(values)}>
      <Button icon="envelope" text={texts.resendButton} disabled={id === undefined || !options.ready(values, id)} loading={sending} onClick={() => void send()} />
    </FormGroup>
  );
}

/** The dialog field of "Send login and password" for clients or agencies. */
export function cabinetAccessField(kind: CabinetHolderKind, options: CabinetAccessOptions): FieldSpec {
  return { kind: 'custom', name: 'resend', label: MESSAGES[kind].resendButton, render: (props) => <CabinetAccessButton kind={kind} options={options} {...props} /> };
}
