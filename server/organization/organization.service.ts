/**
 * The organisation details (issue 28): the one row (id 1) of table `organization` that every generated
 * document names. `readOrganization` is what the document generator reads, inside its own transaction.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ORGANIZATION_FIELDS, organizationFieldsSchema, type Organization, type OrganizationRecord } from '../../shared/resources/organization.js';
import type { AuthUser } from '../common/auth/decorators.js';
import { notFound, parseInput } from '../common/http/errors.js';
import { bodyFields } from '../common/resource/resource.service.js';
import { actAs, assertCurrentVersion } from '../common/version.js';

/** The record's id: the table holds that one row (CHECK id = 1). */
const ORGANIZATION_ID = 1;
const COLUMNS = ORGANIZATION_FIELDS.join(', ');

/** The details as stored, with the version a save sends back (a record is an Organization). */
export async function readOrganization(manager: EntityManager): Promise<OrganizationRecord> {
  const [row] = (await manager.query(`SELECT ${COLUMNS}, version FROM organization WHERE id = $1`, [ORGANIZATION_ID])) as OrganizationRecord[];
  // The migration inserts the row and nothing deletes it; a database without it is not one this server made.
  if (!row) throw notFound();
  return row;
}

@Injectable()
export class OrganizationService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** GET /api/organization → {data: {...fields, version}} */
  async show(): Promise<{ data: OrganizationRecord }> {
    return { data: await readOrganization(this.db.manager) };
  }

  /**
   * PUT /api/organization → {data}: in one transaction, the version checked (409 with the record as it
   * is now), the body laid over the stored record (a key left out keeps its value, as every save of
   * the product), validated as a whole (422 under each field) and written; the trigger raises the version.
   */
  async update(body: unknown, user: AuthUser): Promise<{ data: OrganizationRecord }> {
    const { fields, version } = bodyFields(body);
    return this.db.transaction(async (manager) => {
      await actAs(manager, user.id);
      await assertCurrentVersion(manager, 'organization', ORGANIZATION_ID, version, () => readOrganization(manager));
      // The stored `version` is no field: the schema drops it.
      const values: Organization = parseInput(organizationFieldsSchema, { ...(await readOrganization(manager)), ...fields });
      const assignments = ORGANIZATION_FIELDS.map((field, index) => `${field} = $${index + 2}`).join(', ');
      await manager.query(`UPDATE organization SET ${assignments} WHERE id = $1`, [ORGANIZATION_ID, ...ORGANIZATION_FIELDS.map((field) => values[field])]);
      return { data: await readOrganization(manager) };
    });
  }
}
