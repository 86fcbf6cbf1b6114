/**
 * The application list (spec 03 §2.1, §4, §7; issue 19): the page on the list engine, the filter
 * bar's dictionaries and the watched mark of the unwatched counter (a mark outside the version, the
 * one write of an application's row besides its commands). Cancel and delete are commands
 * (../commands/application-commands.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APPLICATION_STATUSES, APPLICATION_TYPES, PAYMENT_STATUSES } from '../../../shared/applications/constants.js';
import { applicationFiltersQuerySchema, applicationListQuerySchema, type ApplicationFilters } from '../../../shared/applications/list.js';
import type { Paged } from '../../../shared/api.js';
import type { AuthUser } from '../../common/auth/decorators.js';
import { notFound, parseInput } from '../../common/http/errors.js';
import { ListService } from '../../common/list/list.service.js';
import { countKey, keptCountSql } from '../../common/list/row-counts.js';
import { APPLICATIONS_LIST } from './applications.list.js';

const idName = (items: readonly { id: number; name: string }[]) => items.map(({ id, name }) => ({ id, name }));

/** The unwatched applications' count as SQL, read from the count the database keeps (never count(*)), and how many delta rows it has (to fold them). */
export const UNWATCHED_KEY = countKey('is_watched', false);
export const UNWATCHED_COUNT_SQL = keptCountSql(`'applications'`, `'${UNWATCHED_KEY}'`);

@Injectable()
export class ApplicationListService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ListService) private readonly lists: ListService,
  ) {}

  /** GET /applications: a client and an agency at once is a 422 on `agency_id`. */
  page(query: Record<string, unknown>, viewer: AuthUser): Promise<Paged<unknown>> {
    parseInput(applicationListQuerySchema, query);
    return this.lists.page(APPLICATIONS_LIST, query, viewer);
  }

  /** GET /applications/filters: the dictionaries, the client or agency the query names, the cities of applications — one statement. */
  async filters(query: Record<string, unknown>): Promise<ApplicationFilters> {
    const { client_id: clientId, agency_id: agencyId } = parseInput(applicationFiltersQuerySchema, query);
    const [row] = await this.db.query<Pick<ApplicationFilters, 'clients' | 'agencies' | 'cities'>[]>(
      `SELECT
         coalesce((SELECT json_agg(json_build_object('id', c.id, 'full_name', c.full_name)) FROM clients c WHERE c.id = $1), '[]') AS clients,
         coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.legal_name)) FROM agencies g WHERE g.id = $2), '[]') AS agencies,
         coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id) FROM cities c
                    WHERE EXISTS (SELECT 1 FROM applications a WHERE a.city_id = c.id)), '[]') AS cities`,
      [clientId ?? null, agencyId ?? null],
    );
    return {
      application: { types: idName(APPLICATION_TYPES), statuses: idName(APPLICATION_STATUSES), payment_statuses: idName(PAYMENT_STATUSES) },
      clients: row!.clients,
      agencies: row!.agencies,
      cities: row!.cities,
    };
  }

  /** POST /applications/{id}/watched: the edit page was opened; a mark outside the version (one statement). */
  async watched(id: number): Promise<void> {
    const [row] = await this.db.query<{ found: boolean }[]>(
      `WITH target AS (SELECT id, is_watched FROM applications WHERE id = $1),
            changed AS (UPDATE applications a SET is_watched = true FROM target WHERE a.id = target.id AND NOT target.is_watched RETURNING a.id)
       SELECT EXISTS (SELECT 1 FROM target) AS found, (SELECT count(*) FROM changed) AS changed`,
      [id],
    );
    if (!row?.found) throw notFound();
  }
}
