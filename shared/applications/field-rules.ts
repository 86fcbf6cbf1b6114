/**
 * Who may change what of an application (issue 26; spec 03 §5, §6): one table, read by the
 * application's commands on the server (server/applications/commands/), by the editor's locks in the
 * renderer and by the money history (which records the audited fields). A field not in a rule's
 * `roles` is refused for the other staff roles; a cancelled application accepts only the fields
 * whose rule says `whenCancelled`; `kept` fields are the server's (derived or kept as first received):
 * what a form sends for them is never a change.
 *
 * Rules that depend on the application's state as well as the field (the price locks of
 * `can_edit_price`, the prepayment's status, the manager rule) are the functions beside
 * (constants.ts `canEditPrice`, …; server/applications/application-rules.ts `lockErrors`).
 */
import { MESSAGES } from '../messages.js';
import { ACCESS, type Role } from '../roles.js';
import type { ApplicationForm } from './schema.js';

/** The form's fields a rule speaks of (everything but `id` and `version`). */
export type ApplicationField = Exclude<keyof ApplicationForm, 'id' | 'version'>;

export interface ApplicationFieldRule {
  /** Staff roles that may change it; absent: every role that edits applications. Outside sources and the system are not staff. */
  roles?: readonly Role[];
  /** How another role's change is refused: the whole save with 403, or a 422 on the field; and the words. */
  refusal?: { status: 403 | 422; message: string };
  /** A cancelled application still takes a change of it. */
  whenCancelled?: boolean;
  /** Its changes are recorded in the application's history (money and statuses). */
  audited?: boolean;
  /** The server's: derived or kept as first received; a save's value for it is ignored. */
  kept?: boolean;
}

const EDITED: ApplicationFieldRule = {};
const AUDITED: ApplicationFieldRule = { audited: true };
const KEPT: ApplicationFieldRule = { kept: true };

export const APPLICATION_FIELD_RULES: Readonly<Record<ApplicationField, ApplicationFieldRule>> = {
  application_type: EDITED,
  applicationable_id: EDITED,
  tour_date: EDITED,
  requester_type: EDITED,
  requester_id: EDITED,
  agency_user_id: EDITED,
  user_id: EDITED,
  status: AUDITED,
  // Issue 28: derived by the server from the payments and what is owed (payment-status.ts); nobody sets it, read-only in the editor.
  payment_status: { kept: true, audited: true },
  // Spec 03 §5: the method is the administrator's and the accountant's (a new application's is checked against its requester type).
  payment_method: { roles: ACCESS.administratorAndAccountant, refusal: { status: 422, message: MESSAGES.applications.paymentMethodLocked }, audited: true },
  prepayment: AUDITED,
  manual_price_without_discount: AUDITED,
  discount: AUDITED,
  manual_agency_commission: AUDITED,
  adult_count: EDITED,
  child_count: EDITED,
  children_ages: EDITED,
  promo_code: EDITED,
  phone: EDITED,
  email: EDITED,
  attendant_phone: EDITED,
  comment: EDITED,
  source: KEPT,
  source_payload: KEPT,
  external_id: KEPT,
  accommodations: EDITED,
  transport_forth: EDITED,
  transport_back: EDITED,
  seats_forth: EDITED,
  seats_back: EDITED,
  transfer_forth: EDITED,
  transfer_back: EDITED,
  services: EDITED,
  required_services: EDITED,
  additional_services: EDITED,
  meals: EDITED,
  tourists: EDITED,
  // Spec 03 §6: the Payments tab is the administrator's and the accountant's; a cancelled application still takes payments.
  payments: { roles: ACCESS.administratorAndAccountant, refusal: { status: 403, message: MESSAGES.applications.paymentsLocked }, whenCancelled: true, audited: true },
  vendor_payments: { whenCancelled: true, audited: true },
};

export const APPLICATION_FIELDS = Object.keys(APPLICATION_FIELD_RULES) as ApplicationField[];

/** Whether a staff role may change the field at all. */
export const roleMayChange = (field: ApplicationField, role: number): boolean => {
  const roles = APPLICATION_FIELD_RULES[field].roles;
  return roles === undefined || roles.includes(role as Role);
};

/** Whether an application in this status takes a change of the field (a cancelled one: only its money). */
export const statusTakesChange = (field: ApplicationField, cancelled: boolean): boolean => !cancelled || APPLICATION_FIELD_RULES[field].whenCancelled === true;

/**
 * Why a staff role may not change the field — the words the server refuses it with — or null when it
 * may (the editor's lock on hover says exactly what a save would answer).
 */
export const roleLockReason = (field: ApplicationField, role: number): string | null =>
  roleMayChange(field, role) ? null : (APPLICATION_FIELD_RULES[field].refusal?.message ?? MESSAGES.auth.forbidden);

/** Why an application in this status does not take a change of the field (the server's words), or null when it does. */
export const statusLockReason = (field: ApplicationField, cancelled: boolean): string | null => (statusTakesChange(field, cancelled) ? null : MESSAGES.applications.cancelledLocked);
