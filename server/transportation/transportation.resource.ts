import { transportationKindName, transportationResource, type TransportationRow } from '../../shared/transport/transportation.js';
import { SEAT_SCHEME_FIELDS, seatSchemeSvg, type SeatSchemeParams } from '../../shared/transport/seat-scheme.js';
import { ACCESS } from '../../shared/roles.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { actAs, assertCurrentVersion } from '../common/version.js';
import { ValidationFailed } from '../common/http/errors.js';
import { bookingsOfTransportation, holdTransportsOfType } from '../seats/seat-store.js';
import { layoutRuleErrors } from '../transports/transport-rules.js';
import { TransportationEntity } from './transportation.entity.js';

export function transportationRow(entity: TransportationEntity): Omit<TransportationRow, 'can_delete'> {
  return {
    id: entity.id,
    name: entity.name,
    kind: entity.kind,
    kind_name: transportationKindName(entity.kind),
    seats: entity.seats,
    rear_seats: entity.rear_seats,
    rows: entity.rows,
    columns_at_door: entity.columns_at_door,
    second_door: entity.second_door,
    second_door_rows: entity.second_door_rows,
    second_door_length: entity.second_door_length,
    schema_svg: entity.schema_svg,
    version: entity.version,
  };
}

/**
 * Vehicle types (/transportation): administrator and manager (spec 01 §6 "Hotels, … bus schedule").
 * The server draws `schema_svg` from the layout on every save; a save with a stale `version` is a 409.
 * A layout edit may not drop a seat booked on a transport using the type (422 on the field that drops
 * it, transport-rules.ts `layoutRuleErrors`); the type's row is locked by the version check, then the
 * transports on it against bookings (seat-store.ts), so a booking made meanwhile is seen or waits.
 */
export const transportationServerResource = defineServerResource({
  definition: transportationResource,
  entity: TransportationEntity,
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.name`,
  canDeleteFlag: true,
  toRow: transportationRow,
  toEntity: async ({ version, ...fields }, { manager, id, user }) => {
    await actAs(manager, user.id);
    if (id !== undefined) {
      await assertCurrentVersion(manager, 'transportations', id, version, async () => {
        const current = await manager.getRepository(TransportationEntity).findOneByOrFail({ id });
        return transportationRow(current);
      });
    }
    return { ...fields, schema_svg: seatSchemeSvg(fields) };
  },
  checks: {
    update: async (id, values, { manager }) => {
      await holdTransportsOfType(manager, id);
      const bookings = await bookingsOfTransportation(manager, id);
      if (bookings.length === 0) return;
      const [stored] = await manager.query<SeatSchemeParams[]>(`SELECT ${SEAT_SCHEME_FIELDS.join(', ')} FROM transportations WHERE id = $1`, [id]);
      const errors = layoutRuleErrors(stored!, values as SeatSchemeParams, bookings);
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    },
  },
});
