/**
 * The application list and its row actions (spec 03 §2.1, §4, §7; issue 19): the page on the list
 * engine, the filter bar's dictionaries, cancel (status 7, seats released), delete (the
 * administrator's, while nothing was paid) and the watched mark of the unwatched counter.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APPLICATION_STATUSES, APPLICATION_TYPES, ApplicationStatus, PAYMENT_STATUSES } from '../../../shared/applications/constants.js';
import {
  applicationActionSchema,
  applicationFiltersQuerySchema,
  applicationListQuerySchema,
  type ApplicationActionReply,
  type ApplicationFilters,
} from '../../../shared/applications/list.js';
import type { Paged } from '../../../shared/api.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Actor, AuthUser } from '../../common/auth/decorators.js';
import { forbidden, notFound, parseInput, ValidationFailed } from '../../common/http/errors.js';
import { ListService } from '../../common/list/list.service.js';
import { countKey, keptCountSql } from '../../common/list/row-counts.js';
import { actAs, assertCurrentVersion } from '../../common/version.js';
import { releaseApplicationSeats } from '../../seats/seat-store.js';
import { ApplicationsService } from '../applications.service.js';
import { APPLICATIONS_LIST } from './applications.list.js';

const A = MESSAGES.applications;
const idName = (items: readonly { id: number; name: string }[]) => items.map(({ id, name }) => ({ id, name }));

/** The unwatched applications' count as SQL, read from the count the database keeps (never count(*)), and how many delta rows it has (to fold them). */
export const UNWATCHED_KEY = countKey('is_watched', false);
export const UNWATCHED_COUNT_SQL = keptCountSql(`'applications'`, `'${UNWATCHED_KEY}'`);

@Injectable()
export class ApplicationListService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ListService) private readonly lists: ListService,
    @Inject(ApplicationsService) private readonly applications: ApplicationsService,
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

  /**
   * PUT /applications/cancel/{id} [{version}]: status 7 and every seat released, in one transaction
   * (the version check locks the row first, as a save does); a cancelled application is a 422.
   */
  async cancel(id: number, body: unknown, actor: Actor): Promise<ApplicationActionReply> {
    const { version } = parseInput(applicationActionSchema, body ?? {});
    return this.db.transaction(async (manager) => {
      await actAs(manager, actor.user.id);
      await assertCurrentVersion(manager, 'applications', id, version, () => this.applications.read(manager, id, actor.user));
      const [stored] = await manager.query<{ status: number }[]>(`SELECT status FROM applications WHERE id = $1`, [id]);
      if (!stored) throw notFound();
      if (stored.status === ApplicationStatus.Cancelled) throw new ValidationFailed({ status: [A.alreadyCancelled] });
      await releaseApplicationSeats(manager, id);
      const [row] = await manager.query<{ version: number }[]>(
        `WITH changed AS (UPDATE applications SET status = $2 WHERE id = $1 RETURNING version) SELECT version FROM changed`,
        [id, ApplicationStatus.Cancelled],
      );
      const status = APPLICATION_STATUSES.find((item) => item.id === ApplicationStatus.Cancelled)!;
      return { message: A.cancelled, data: { id, status: status.id, status_name: status.name, version: row!.version } };
    });
  }

  /**
   * DELETE /applications/{id} (the administrator's: the route's roles): refused with 403 while it has
   * payments or vendor payments (`can_delete`); its seats released through the seat store, then the
   * application and its rows (they cascade), in one transaction.
   */
  async remove(id: number, actor: Actor): Promise<{ message: string }> {
    return this.db.transaction(async (manager) => {
      await actAs(manager, actor.user.id);
      const [stored] = await manager.query<{ paid: boolean }[]>(
        `SELECT EXISTS (SELECT 1 FROM payments p WHERE p.application_id = a.id) OR EXISTS (SELECT 1 FROM vendor_payments v WHERE v.application_id = a.id) AS paid
           FROM applications a WHERE a.id = $1 FOR UPDATE OF a`,
        [id],
      );
      if (!stored) throw notFound();
      if (stored.paid) throw forbidden(A.deleteHasPayments);
      await releaseApplicationSeats(manager, id);
      await manager.query(`DELETE FROM applications WHERE id = $1`, [id]);
      return { message: A.deleted };
    });
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
