/**
 * The application editor's locks (issue 27), read from the rule table (shared/applications/field-rules.ts)
 * rather than coded again: which parts of a cancelled application are read-only and whether its Save has
 * anything to send. Each lock's reason is the server's refusal, shown on hover (common/form/locks.tsx).
 */
import { APPLICATION_FIELDS, statusLockReason, type ApplicationField } from '@shared/applications/field-rules';
import { tabOwns, type EditorTab } from '../../common/editor/EditorTabs';

/**
 * Why a part of the editor (a tab, the header) is read-only: every application field it owns is
 * refused in this status (a cancelled application: all but its payments and vendor payments). Null
 * while one of them still takes a change, or when the part owns no field (the vendor request, the source data).
 */
export function partLockReason(part: Pick<EditorTab, 'owns'>, cancelled: boolean): string | null {
  const reasons = APPLICATION_FIELDS.filter((field) => tabOwns(part, field)).map((field) => statusLockReason(field, cancelled));
  return reasons.length > 0 && reasons.every((reason) => reason !== null) ? reasons[0]! : null;
}

/**
 * Why Save is not offered: nothing a cancelled application still takes has changed since it was read
 * (its money; the form may differ elsewhere only by what the locks keep the user from touching).
 * Null when the application is not cancelled or such a field did change.
 */
export function saveLockReason<Form extends Partial<Record<ApplicationField, unknown>>>(form: Form, shown: Form, cancelled: boolean): string | null {
  if (!cancelled) return null;
  const locked = APPLICATION_FIELDS.map((field) => statusLockReason(field, true));
  const changedAllowed = APPLICATION_FIELDS.some((field, index) => locked[index] === null && JSON.stringify(form[field] ?? null) !== JSON.stringify(shown[field] ?? null));
  return changedAllowed ? null : locked.find((reason) => reason !== null)!;
}
