import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type { IdName } from '../../shared/api.js';
import { formatCommission } from '../../shared/commission.js';
import { MESSAGES } from '../../shared/messages.js';
import {
  AGENCY_STATUS_NAMES,
  AGENCY_TRANSITIONS,
  type AgencyStatus,
  type AgencyStatusReply,
  type AgencyTransition,
  agenciesResource,
  type AgencyUsersReply,
} from '../../shared/resources/agencies.js';
import type { AuthUser } from '../common/auth/decorators.js';
import { notFound } from '../common/http/errors.js';
import { escapeLike, parseListQuery } from '../common/list/list-query.js';
import { ListService } from '../common/list/list.service.js';
import { ResourceService, versionOf } from '../common/resource/resource.service.js';
import { actAs } from '../common/version.js';
import { rowsInBatches, streamXlsx, xlsxYesNo, type XlsxColumn } from '../exports/xlsx.js';
import { LogService } from '../logs/log.service.js';
import { AGENCY_SEARCH_EXPRESSION, agenciesServerResource, agencyUsersServerList } from './agencies.resource.js';

/** Bytes of a generated social-network token (base64url: 43 characters). */
export const VK_TOKEN_BYTES = 32;

const refused = (message: string, status = HttpStatus.UNPROCESSABLE_ENTITY) => new HttpException({ message }, status);

/** The rows of an `UPDATE … RETURNING` (TypeORM's query() answers `[rows, affected]` for an UPDATE). */
const returned = <Row>(result: unknown): Row[] => (Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as Row[]) : (result as Row[]));

@Injectable()
export class AgenciesService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(LogService) private readonly logs: LogService,
    @Inject(ResourceService) private readonly resources: ResourceService,
    @Inject(ListService) private readonly lists: ListService,
  ) {}

  /**
   * PUT /agencies/{id}/approve (1 → 2) and /contract (2 → 3), atomically: the row changes only
   * while it is still in the source status, so two colleagues pressing at once change it once and
   * the second gets 409 with the status it has now. A body's `version` is checked like a save's.
   */
  async transition(id: number, transition: AgencyTransition, body: unknown, user: AuthUser): Promise<AgencyStatusReply> {
    const { from, to } = AGENCY_TRANSITIONS[transition];
    const version = versionOf(body);
    const changed = await this.db.transaction(async (manager) => {
      await this.resources.assertVersion(agenciesServerResource, manager, id, version, { user });
      const [row] = returned<{ legal_name: string; version: number }>(
        await manager.query('UPDATE agencies SET status = $3 WHERE id = $1 AND status = $2 RETURNING legal_name, version', [id, from, to]),
      );
      if (row) return row;
      const [current] = await manager.query<{ status: AgencyStatus }[]>('SELECT status FROM agencies WHERE id = $1', [id]);
      if (!current) throw notFound();
      throw refused(MESSAGES.agencies.wrongStatus(AGENCY_STATUS_NAMES[current.status]), HttpStatus.CONFLICT);
    });
    const message = transition === 'approve' ? MESSAGES.agencies.approved(changed.legal_name) : MESSAGES.agencies.contractSigned(changed.legal_name);
    await this.logs.write('notice', 'agencies', message, '', { agency_id: id, user_id: user.id, status: to }).catch(() => undefined);
    return { status: 'CHANGED', agency_status: to, legal_name: changed.legal_name, message, version: changed.version };
  }

  /**
   * POST /agencies/{id}/vk-token/generate: a new cryptographically random token replaces the stored
   * one. The token is the agency's data, so its version rises; the reply carries the new version for
   * the open dialog to save with.
   */
  async generateToken(id: number, user: AuthUser): Promise<{ vk_token: string; message: string; version: number }> {
    const token = randomBytes(VK_TOKEN_BYTES).toString('base64url');
    const version = await this.setToken(id, token, user);
    return { vk_token: token, message: MESSAGES.agencies.tokenGenerated, version };
  }

  /** DELETE /agencies/{id}/vk-token */
  async deleteToken(id: number, user: AuthUser): Promise<{ vk_token: null; message: string; version: number }> {
    const version = await this.setToken(id, null, user);
    return { vk_token: null, message: MESSAGES.agencies.tokenDeleted, version };
  }

  private setToken(id: number, token: string | null, user: AuthUser): Promise<number> {
    return this.db.transaction(async (manager) => {
      await actAs(manager, user.id);
      const [row] = returned<{ version: number }>(
        await manager.query(`UPDATE agencies SET vk_settings = vk_settings || jsonb_build_object('vk_token', $2::text) WHERE id = $1 RETURNING version`, [id, token]),
      );
      if (!row) throw notFound();
      return row.version;
    });
  }

  /** GET /agencies/{agency_id}/agency-users: a page of the agency's employees and the agency (spec 01 §2.5, §7). */
  async users(agencyId: number, raw: Record<string, unknown>, viewer: AuthUser): Promise<AgencyUsersReply> {
    const agency = await this.agency(agencyId);
    const page = await this.lists.page(agencyUsersServerList, raw, viewer, { agency_id: agencyId });
    return { ...(page as Pick<AgencyUsersReply, 'data' | 'count'>), agency };
  }

  /** GET /agencies/{agency_id}/agency-users/list?query=&limit=: the picker of an agency's employees (the application's agency manager). */
  async userPicker(agencyId: number, raw: Record<string, unknown>): Promise<{ data: IdName[] }> {
    await this.agency(agencyId);
    return this.lists.pick(agencyUsersServerList, raw, { agency_id: agencyId });
  }

  private async agency(id: number): Promise<{ id: number; legal_name: string }> {
    const [agency] = await this.db.query<{ id: number; legal_name: string }[]>('SELECT id, legal_name FROM agencies WHERE id = $1', [id]);
    if (!agency) throw notFound();
    return agency;
  }

  /**
   * GET /agencies/export → agencies.xlsx: every column of the list (spec 01 §2.4) with Russian
   * headers, streamed in batches. The list's search and filters, when given, narrow it the same way.
   */
  async export(response: Response, raw: Record<string, unknown>): Promise<void> {
    const params = parseListQuery(raw, agenciesResource);
    const where: string[] = [];
    const values: unknown[] = [];
    if (params.query) {
      values.push(`%${escapeLike(params.query)}%`);
      where.push(`${AGENCY_SEARCH_EXPRESSION('a')} ILIKE $${values.length}`);
    }
    for (const [filter, value] of Object.entries(params.filters)) {
      values.push(value);
      where.push(`a.${filter === 'is_active' ? 'is_active' : 'has_search_module'} = $${values.length}`); // the two filters of agencyListFilters
    }
    interface Exported {
      id: number;
      legal_name: string;
      is_new: boolean;
      brand: string | null;
      inn: string | null;
      commission_type: number;
      commission_sum: number;
      actual_address: string | null;
      legal_address: string | null;
      contact_name: string | null;
      contact_phone: string | null;
      contact_email: string | null;
      is_active: boolean;
      has_search_module: boolean;
      search_module_url: string | null;
      status: AgencyStatus;
      created_at: Date;
    }
    const batches = rowsInBatches<Exported>((afterId, limit) =>
      this.db.query(
        `SELECT a.id, a.legal_name, a.is_new, a.brand, a.inn, a.commission_type, a.commission_sum, a.actual_address, a.legal_address,
                a.contact_name, a.contact_phone, a.contact_email, a.is_active, a.has_search_module, a.search_module_url, a.status, a.created_at
           FROM agencies a
          WHERE a.id > $${values.length + 1}${where.length ? ` AND ${where.join(' AND ')}` : ''}
          ORDER BY a.id LIMIT ${limit}`,
        [...values, afterId],
      ),
    );
    async function* rows() {
      for await (const agency of batches) {
        yield {
          id: agency.id,
          legal_name: agency.legal_name,
          is_new: xlsxYesNo(agency.is_new),
          brand: agency.brand,
          inn: agency.inn,
          commission: formatCommission(agency.commission_type, agency.commission_sum),
          actual_address: agency.actual_address,
          legal_address: agency.legal_address,
          contact_name: agency.contact_name,
          contact_phone: agency.contact_phone,
          contact_email: agency.contact_email,
          is_active: xlsxYesNo(agency.is_active),
          search_module: agency.has_search_module && agency.search_module_url ? agency.search_module_url : MESSAGES.agencies.notConnected,
          status: AGENCY_STATUS_NAMES[agency.status],
          created_at: agency.created_at,
        };
      }
    }
    await streamXlsx(response, {
      fileName: 'agencies.xlsx',
      sheetName: 'Агентства',
      columns: AGENCY_EXPORT_COLUMNS,
      rows: rows(),
    });
  }
}

/** The columns of agencies.xlsx (the list's columns, plus INN, contact person and the registration date). */
export const AGENCY_EXPORT_COLUMNS = [
  { header: 'ID', key: 'id', width: 8, type: 'number', format: '0' },
  { header: 'Юридическое название', key: 'legal_name', width: 36 },
  { header: 'Новое', key: 'is_new', width: 9 },
  { header: 'Бренд', key: 'brand', width: 24 },
  { header: 'ИНН', key: 'inn', width: 14 },
  { header: 'Комиссия', key: 'commission', width: 12 },
  { header: 'Фактический адрес', key: 'actual_address', width: 36 },
  { header: 'Юридический адрес', key: 'legal_address', width: 36 },
  { header: 'Контактное лицо', key: 'contact_name', width: 24 },
  { header: 'Контактный телефон', key: 'contact_phone', width: 18 },
  { header: 'Контактный email', key: 'contact_email', width: 28 },
  { header: 'Активно', key: 'is_active', width: 10 },
  { header: 'Модуль поиска', key: 'search_module', width: 32 },
  { header: 'Статус', key: 'status', width: 18 },
  { header: 'Дата регистрации', key: 'created_at', width: 16, type: 'date' },
] satisfies XlsxColumn[];
