/**
 * Why a field cannot be changed (issue 27): the one mechanism of every lock a role, a status or a rule
 * puts on a field. A locked field is disabled, carries a small lock beside its label and says its
 * reason on hover (a Blueprint Tooltip). The reasons are the server's own refusals (shared/messages),
 * so the hover says what a save would answer.
 *
 * - `lockedReason` on a kit field (fields.tsx `FieldSpec`) or `<LockableGroup lockedReason>` around a
 *   control of its own locks one field;
 * - `<LockedScope reason>` locks everything inside it (a cancelled application's tabs): the kit's fields
 *   in it say the scope's reason, and any other control in it (a table's buttons) is disabled by the
 *   scope's fieldset.
 */
import { FormGroup, Icon, Tooltip, type Intent } from '@blueprintjs/core';
import { createContext, useContext, type ReactNode } from 'react';
import './locks.css';

const LockedContext = createContext<string | null>(null);

/** What locks a field: the scope it stands in (the coarser lock, said first), else its own reason; null when nothing does. */
export function useLockedReason(own?: string | null | false): string | null {
  return useContext(LockedContext) ?? (own || null);
}

/** Everything inside is locked for `reason` (null: nothing, and the tree stays as it is so typed state survives a change). */
export function LockedScope({ reason, children }: { reason: string | null; children: ReactNode }) {
  const outer = useContext(LockedContext);
  const effective = outer ?? reason;
  return (
    <LockedContext.Provider value={effective}>
      <fieldset className="locked-scope" disabled={effective !== null}>
        {children}
      </fieldset>
    </LockedContext.Provider>
  );
}

/** The small lock beside a locked field's label (the words are the tooltip's). */
export const LockMark = () => <Icon icon="lock" size={12} className="locked-mark" data-testid="locked-mark" />;

/** Says `reason` on hover over what it wraps (nothing when there is none). The wrapped controls are disabled by the caller. */
export function Locked({ reason, children, inline }: { reason: string | null; children: ReactNode; inline?: boolean }) {
  if (!reason) return <>{children}</>;
  return (
    <Tooltip content={reason} placement="top" hoverOpenDelay={150} fill={!inline} className="locked-field" targetProps={{ 'data-locked-reason': reason } as React.HTMLAttributes<HTMLElement>}>
      {children}
    </Tooltip>
  );
}

/** A labelled field (FormGroup) that may be locked: its lock mark and reason come with it. The control inside takes `disabled` from `useLockedReason` too. */
export function LockableGroup({
  lockedReason,
  label,
  labelFor,
  required,
  helperText,
  intent,
  children,
}: {
  lockedReason?: string | null;
  label?: ReactNode;
  labelFor?: string;
  required?: boolean;
  helperText?: ReactNode;
  intent?: Intent;
  children: ReactNode;
}) {
  const reason = useLockedReason(lockedReason);
  const info = required || reason ? (
    <>
      {required && '*'}
      {reason && <LockMark />}
    </>
  ) : undefined;
  return (
    <Locked reason={reason}>
      <FormGroup label={label} labelFor={labelFor} labelInfo={label ? info : undefined} helperText={helperText} intent={intent}>
        {children}
      </FormGroup>
    </Locked>
  );
}
