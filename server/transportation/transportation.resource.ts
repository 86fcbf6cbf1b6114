import { transportationKindName, transportationResource, type TransportationRow } from '../../shared/transport/transportation.js';
import { seatSchemeSvg } from '../../shared/transport/seat-scheme.js';
import { ACCESS } from '../../shared/roles.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { actAs, assertCurrentVersion } from '../common/version.js';
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
});
