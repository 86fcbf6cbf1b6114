import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  APPLICATION_PAYMENT_METHODS,
  APPLICATION_SOURCES,
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  PAYMENT_ROW_STATUSES,
  PAYMENT_STATUSES,
  ProductKind,
  REQUESTER_TYPES,
  SOURCE_PLATFORMS,
} from '../../../shared/applications/constants.js';
import {
  agencyUsersPickerFilters,
  type AgencyUserOption,
  type ApplicationEditorData,
  type BackTransportOption,
  type ApplicationProduct,
  type HotelServiceOption,
  type StaffOption,
  type TourServiceOption,
} from '../../../shared/applications/editor-data.js';
import { productKindOf } from '../../../shared/applications/paths.js';
import { MESSAGES } from '../../../shared/messages.js';
import { PAYMENT_METHODS } from '../../../shared/resources/vendors.js';
import { Role } from '../../../shared/roles.js';
import { TOURIST_CITIZENSHIPS, TOURIST_DOCUMENTS, TOURIST_GENDERS } from '../../../shared/tourists.js';
import { TRANSFER_TYPES } from '../../../shared/transfers.js';
import { AgenciesService } from '../../agencies/agencies.service.js';
import { readLookups } from '../../common/aggregate/lookups.js';
import type { AuthUser } from '../../common/auth/decorators.js';
import { notFound, ValidationFailed } from '../../common/http/errors.js';
import { parsePickerQuery } from '../../common/list/list-query.js';
import { pickStaff } from '../../users/staff-picker.js';
import { readBackTransports } from './back-transports.js';
import { readProduct, readServiceOptions } from './products.js';

const named = <Id>(items: readonly { id: Id; name: string }[]) => items.map(({ id, name }) => ({ id, name }));

const AGENCY_USERS_PICKER = { picker: 'search', filters: agencyUsersPickerFilters } as const;

/** What the application editor reads besides the application (issue 18): dictionaries, products, pickers. */
@Injectable()
export class ApplicationEditorDataService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AgenciesService) private readonly agencies: AgenciesService,
  ) {}

  /** GET /applications/data: the dictionaries of shared/applications and the vendors (a handbook); staff and agency employees come from their pickers. */
  async data(): Promise<ApplicationEditorData> {
    const { vendors } = await readLookups<{ vendors: { id: number; name: string }[] }>(this.db, { vendors: 'vendors' });
    return {
      statuses: APPLICATION_STATUSES.map((status) => ({ ...status })),
      payment_statuses: named(PAYMENT_STATUSES),
      payment_methods: APPLICATION_PAYMENT_METHODS.map(({ id, name, requesters, manualPayments }) => ({ id, name, types: [...requesters], manual_payments: manualPayments })),
      types: APPLICATION_TYPES.map((type) => ({ ...type })),
      sources: named(APPLICATION_SOURCES),
      platforms: SOURCE_PLATFORMS.map((platform) => ({ id: platform, name: platform })),
      requester_types: named(REQUESTER_TYPES),
      transfer_types: named(TRANSFER_TYPES),
      tourists: { documents: named(TOURIST_DOCUMENTS), genders: named(TOURIST_GENDERS), citizenship: named(TOURIST_CITIZENSHIPS) },
      payment_row_statuses: PAYMENT_ROW_STATUSES.map((status) => ({ ...status })),
      users: [],
      agency_users: [],
      vendors,
      vendors_data: { payment_methods: PAYMENT_METHODS.map((method) => ({ ...method })) },
    };
  }

  /** GET /applications/products/{segment}/{id}: 404 for an unknown kind or id. */
  async product(segment: string, id: number): Promise<{ data: ApplicationProduct }> {
    const kind = productKindOf(segment);
    const product = kind && (await readProduct(this.db, kind, id));
    if (!product) throw notFound();
    return { data: product };
  }

  /** GET /applications/back-transports: the buses that bring a bus tour's forth leg back (./back-transports.ts). */
  async backTransports(raw: Record<string, unknown>): Promise<{ data: BackTransportOption[] }> {
    return { data: await readBackTransports(this.db, raw) };
  }

  /** GET /{hotels|tours}/{id}/services/list */
  async services(kind: typeof ProductKind.Hotel | typeof ProductKind.Tour, id: number): Promise<{ data: HotelServiceOption[] | TourServiceOption[] }> {
    const services = await readServiceOptions(this.db, kind, id);
    if (!services) throw notFound();
    return { data: services };
  }

  /**
   * GET /applications/staff/list?query=&limit=&user_id=: active staff by full name, and the assigned
   * manager `user_id` even when switched off. A manager is offered only themself and that one
   * (spec 03 §6) — decided by the session's user, whatever the query says.
   */
  async staff(raw: Record<string, unknown>, viewer: AuthUser): Promise<{ data: StaffOption[] }> {
    const onlySelf = viewer.role === Role.Manager ? viewer.id : null;
    const rows = await pickStaff(this.db, raw, 'assignable', (filters) => ({ everyone: false, onlySelf, include: (filters.user_id as number | undefined) ?? null }));
    return { data: rows };
  }

  /** GET /applications/agency-users/list?agency_id=&query=&limit=: the agency's employees (the agency manager field); 404 for an unknown agency. */
  async agencyUsers(raw: Record<string, unknown>): Promise<{ data: AgencyUserOption[] }> {
    const { agency_id: agencyId, ...rest } = raw;
    const { filters } = parsePickerQuery({ agency_id: agencyId }, AGENCY_USERS_PICKER);
    if (filters.agency_id === undefined) throw new ValidationFailed({ agency_id: [MESSAGES.validation.required] });
    const { data } = await this.agencies.userPicker(filters.agency_id as number, rest);
    return { data: data.map(({ id, name, detail }) => ({ id, name, full_name: name, detail: detail ?? null })) };
  }
}
