/**
 * Who changes an application (issue 26): a staff user of a session, the system (the demo's fill, a
 * job) or a supplier (an import of its booking). The rule table (shared/applications/field-rules.ts)
 * limits staff by role; the system is trusted with every field; a supplier sends what its service
 * knows of the booking (rows with their raw payloads) and never the office's money.
 */
import type { Role } from '../../../shared/roles.js';
import { APPLICATION_FIELD_RULES, roleMayChange, type ApplicationField } from '../../../shared/applications/field-rules.js';
import type { Actor } from '../../common/auth/decorators.js';

export type ApplicationActor =
  | { kind: 'staff'; user: { id: number; role: Role } }
  | { kind: 'system'; userId: number | null }
  | { kind: 'supplier'; vendorId: number };

/** The staff user of an HTTP request. */
export const staffActor = (actor: Actor): ApplicationActor => ({ kind: 'staff', user: { id: actor.user.id, role: actor.user.role } });

/** The user a change is recorded under (`app.user_id`, `created_by_id`): none for a supplier. */
export const actorUserId = (actor: ApplicationActor): number | null => (actor.kind === 'staff' ? actor.user.id : actor.kind === 'system' ? actor.userId : null);

/** Whether the actor may change the field (the rule table's roles; a supplier: none of the office's money). */
export function actorMayChange(field: ApplicationField, actor: ApplicationActor): boolean {
  if (actor.kind === 'staff') return roleMayChange(field, actor.user.role);
  if (actor.kind === 'supplier') return APPLICATION_FIELD_RULES[field].roles === undefined;
  return true;
}
