/**
 * Applications (spec 03 §3, §4, §5 "Applications", §9; issue 18 "The model"): every dictionary and
 * limit of an application, once. The server serves them (`/applications/data`, `/applications/filters`),
 * the editor, analytics and the vendor payments import them; nobody writes a second copy. Tourist
 * documents, citizenships and genders are `shared/tourists.ts`'s, transfer types `shared/transfers.ts`'s.
 */
import { AUTO_CONFIRM_STATUSES } from '../commission.js';
import { MESSAGES } from '../messages.js';
import { TOURIST_CITIZENSHIPS, TOURIST_DOCUMENTS, TOURIST_GENDERS } from '../tourists.js';
import { TRANSFER_TYPES, TransferType } from '../transfers.js';
import { ApplicationType, PRODUCT_COLUMNS, ProductKind, productKindOfType } from './products.js';

export { TOURIST_CITIZENSHIPS, TOURIST_DOCUMENTS, TOURIST_GENDERS, TRANSFER_TYPES, TransferType };
export { ApplicationType, PRODUCT_COLUMNS, ProductKind };

/** Application statuses (issue 18): ids 2 and 3 unlock fields, 3 and 5 are the auto-confirm statuses, 7 only by the cancel action. */
export const ApplicationStatus = {
  New: 1,
  InWork: 2,
  ConfirmedPaymentRequired: 3,
  AwaitingVendor: 4,
  FullPaymentRequired: 5,
  Paid: 6,
  Cancelled: 7,
} as const;
export type ApplicationStatus = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];

/** What the editor and the server know of a status (the rules of issue 18 "The model"). */
export interface ApplicationStatusInfo {
  id: ApplicationStatus;
  name: string;
  pricesEditable: boolean;
  agencyCommissionEditable: boolean;
  prepaymentEditable: boolean;
  autoConfirm: boolean;
  paymentStatuses: readonly number[] | null;
  cancelAction: boolean;
}

/**
 * The statuses with their rules as data:
 * - `pricesEditable`: `can_edit_price` holds while the status has it and there are no payments;
 * - `agencyCommissionEditable`: the manual agency commission (with `can_edit_price` too);
 * - `prepaymentEditable`: the prepayment (while there are no payments);
 * - `autoConfirm`: a product's `auto_confirm_status` may name it;
 * - `paymentStatuses`: the payment statuses it may be set with (null: any);
 * - `cancelAction`: set only by the cancel action; a cancelled application accepts only payment and vendor-payment changes.
 */
export const APPLICATION_STATUSES = [
  { id: ApplicationStatus.New, name: 'Новая', pricesEditable: true, agencyCommissionEditable: false, prepaymentEditable: false, autoConfirm: false, paymentStatuses: null, cancelAction: false },
  { id: ApplicationStatus.InWork, name: 'В работе', pricesEditable: true, agencyCommissionEditable: true, prepaymentEditable: false, autoConfirm: false, paymentStatuses: null, cancelAction: false },
  {
    id: ApplicationStatus.ConfirmedPaymentRequired,
    name: AUTO_CONFIRM_STATUSES[0].name,
    pricesEditable: false,
    agencyCommissionEditable: false,
    prepaymentEditable: true,
    autoConfirm: true,
    paymentStatuses: null,
    cancelAction: false,
  },
  { id: ApplicationStatus.AwaitingVendor, name: 'Ожидает подтверждения поставщика', pricesEditable: false, agencyCommissionEditable: false, prepaymentEditable: false, autoConfirm: false, paymentStatuses: null, cancelAction: false },
  { id: ApplicationStatus.FullPaymentRequired, name: AUTO_CONFIRM_STATUSES[1].name, pricesEditable: false, agencyCommissionEditable: false, prepaymentEditable: false, autoConfirm: true, paymentStatuses: null, cancelAction: false },
  { id: ApplicationStatus.Paid, name: 'Оплачена', pricesEditable: false, agencyCommissionEditable: false, prepaymentEditable: false, autoConfirm: false, paymentStatuses: [3, 4], cancelAction: false },
  { id: ApplicationStatus.Cancelled, name: 'Аннулирована', pricesEditable: false, agencyCommissionEditable: false, prepaymentEditable: false, autoConfirm: false, paymentStatuses: null, cancelAction: true },
] as const satisfies readonly ApplicationStatusInfo[];

export const APPLICATION_STATUS_IDS: readonly number[] = APPLICATION_STATUSES.map((status) => status.id);
export const applicationStatus = (id: number | null | undefined) => APPLICATION_STATUSES.find((status) => status.id === id);

/**
 * `can_edit_price` (issue 18): status 1 or 2 and no payments. The administrator and the accountant
 * may change prices afterwards too (the caller passes `privileged`).
 */
export function canEditPrice(status: number, hasPayments: boolean, privileged = false): boolean {
  return privileged || (!hasPayments && applicationStatus(status)?.pricesEditable === true);
}

/** The manual agency commission: `can_edit_price` and status 2. */
export const canEditAgencyCommission = (status: number, hasPayments: boolean, privileged = false): boolean =>
  canEditPrice(status, hasPayments, privileged) && applicationStatus(status)?.agencyCommissionEditable === true;

/** The prepayment: status 3 and no payments, whatever `can_edit_price` says. */
export const canEditPrepayment = (status: number, hasPayments: boolean): boolean => !hasPayments && applicationStatus(status)?.prepaymentEditable === true;

/** Application types (issue 18, spec 03 §2.3): each with its product (products.ts, the one table of it); avia and railway have none and no tourist editing. */
export const APPLICATION_TYPES = [
  { id: ApplicationType.Accommodation, name: 'Проживание', product: productKindOfType(ApplicationType.Accommodation), touristsEditable: true },
  { id: ApplicationType.ExcursionTour, name: 'Экскурсионный тур', product: productKindOfType(ApplicationType.ExcursionTour), touristsEditable: true },
  { id: ApplicationType.BusTour, name: 'Автобусный тур', product: productKindOfType(ApplicationType.BusTour), touristsEditable: true },
  { id: ApplicationType.SeaTour, name: 'Морской тур', product: productKindOfType(ApplicationType.SeaTour), touristsEditable: true },
  { id: ApplicationType.Avia, name: 'Авиа', product: productKindOfType(ApplicationType.Avia), touristsEditable: false },
  { id: ApplicationType.Railway, name: 'Ж/д', product: productKindOfType(ApplicationType.Railway), touristsEditable: false },
] as const satisfies readonly { id: ApplicationType; name: string; product: ProductKind | null; touristsEditable: boolean }[];

export const APPLICATION_TYPE_IDS: readonly number[] = APPLICATION_TYPES.map((type) => type.id);
export const applicationType = (id: number | null | undefined) => APPLICATION_TYPES.find((type) => type.id === id);

/** Payment statuses of an application (derived by the server; default 1). */
export const PaymentStatus = { Unpaid: 1, PartiallyPaid: 2, Paid: 3, Overpaid: 4 } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

export const PAYMENT_STATUSES = [
  { id: PaymentStatus.Unpaid, name: 'Не оплачена' },
  { id: PaymentStatus.PartiallyPaid, name: 'Частично оплачена' },
  { id: PaymentStatus.Paid, name: 'Оплачена' },
  { id: PaymentStatus.Overpaid, name: 'Переплата' },
] as const;
export const DEFAULT_PAYMENT_STATUS = PaymentStatus.Unpaid;

/** Payment row statuses (default 2, which counts as paid). */
export const PaymentRowStatus = { Pending: 1, Paid: 2, Refund: 3 } as const;
export type PaymentRowStatus = (typeof PaymentRowStatus)[keyof typeof PaymentRowStatus];

export const PAYMENT_ROW_STATUSES = [
  { id: PaymentRowStatus.Pending, name: 'Ожидает', countsAsPaid: false },
  { id: PaymentRowStatus.Paid, name: 'Оплачен', countsAsPaid: true },
  { id: PaymentRowStatus.Refund, name: 'Возврат', countsAsPaid: false },
] as const;
export const DEFAULT_PAYMENT_ROW_STATUS = PaymentRowStatus.Paid;

/** Requester types: who an application is for (spec 03 §9). */
export const RequesterType = { Client: 'client', Agency: 'agency' } as const;
export type RequesterType = (typeof RequesterType)[keyof typeof RequesterType];

export const REQUESTER_TYPES = [
  { id: RequesterType.Client, name: 'Клиент' },
  { id: RequesterType.Agency, name: 'Агентство' },
] as const;

/** The application's payment methods (not the vendors' ones, which vendor payments keep): the requester types each serves. */
export const ApplicationPaymentMethod = { Cash: 1, Online: 2, Cashless: 3, CardInOffice: 4 } as const;
export type ApplicationPaymentMethod = (typeof ApplicationPaymentMethod)[keyof typeof ApplicationPaymentMethod];

export const APPLICATION_PAYMENT_METHODS = [
  { id: ApplicationPaymentMethod.Cash, name: 'Наличные', requesters: [RequesterType.Client], manualPayments: true },
  { id: ApplicationPaymentMethod.Online, name: 'Онлайн', requesters: [RequesterType.Client, RequesterType.Agency], manualPayments: false },
  { id: ApplicationPaymentMethod.Cashless, name: 'Безналичный расчёт', requesters: [RequesterType.Client, RequesterType.Agency], manualPayments: true },
  { id: ApplicationPaymentMethod.CardInOffice, name: 'Картой в офисе', requesters: [RequesterType.Client], manualPayments: true },
] as const satisfies readonly { id: ApplicationPaymentMethod; name: string; requesters: readonly RequesterType[]; manualPayments: boolean }[];

export const paymentMethodsFor = (requester: RequesterType) => APPLICATION_PAYMENT_METHODS.filter((method) => (method.requesters as readonly RequesterType[]).includes(requester));

/** Where an outside application came from (spec 03 §2.3, §9); one made in the office has none. */
export const ApplicationSource = { SearchModule: 'search_module', WebSite: 'web_site', MobileApplication: 'mobile_application', VkApplication: 'vk_application' } as const;
export type ApplicationSource = (typeof ApplicationSource)[keyof typeof ApplicationSource];

export const APPLICATION_SOURCES = [
  { id: ApplicationSource.SearchModule, name: 'Из модуля поиска' },
  { id: ApplicationSource.WebSite, name: 'С сайта' },
  { id: ApplicationSource.MobileApplication, name: 'Из мобильного приложения' },
  { id: ApplicationSource.VkApplication, name: 'Из приложения ВКонтакте' },
] as const;

/** Platforms of the mobile application (`source_payload.platform`). */
export const SOURCE_PLATFORMS = ['Android', 'IOS'] as const;
export type SourcePlatform = (typeof SOURCE_PLATFORMS)[number];

export const OFFICE_SOURCE_LABEL = MESSAGES.applications.officeSource;

/** The heading's source label (spec 03 §2.3): the mobile application names its platform when it is known. */
export function sourceLabel(source: string | null | undefined, platform?: string | null): string {
  const known = APPLICATION_SOURCES.find((item) => item.id === source);
  if (!known) return OFFICE_SOURCE_LABEL;
  return source === ApplicationSource.MobileApplication && platform ? `${known.name} (${platform})` : known.name;
}

/** A tourist is a child while younger than this on the item's first day. */
export const CHILD_AGE_LIMIT = 14;

/** Whole years of a person born on `birthday` on `date` (both YYYY-MM-DD). */
export function ageOn(birthday: string, date: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export const isChildOn = (birthday: string, date: string): boolean => ageOn(birthday, date) < CHILD_AGE_LIMIT;

/** Spec 03 §5 "Applications", §9. */
export const APPLICATION_LIMITS = {
  /** Prepayment, manual agency commission: 0 to 999 999.99 with kopecks. */
  money: 999_999.99,
  /** Manual price without discount: a whole number 0 to 999 999.99 (so 999 999). */
  manualPrice: 999_999,
  /** price_total, price_without_discount and every stored total. */
  total: 99_999_999.99,
  /** Service line count and price: 0 to 999 999.99, 2 decimals. */
  serviceCount: 999_999.99,
  servicePrice: 999_999.99,
  /** Vendor payment sum: integer 0 to 99 999 999. */
  vendorPayment: 99_999_999,
  comment: 10_000,
  email: 50,
  /** Phones: +7 and 10 digits (MESSAGES.validation.phoneMask). */
  phoneDigits: 10,
  touristName: 128,
  documentNumber: 13,
  chatMessage: 1000,
  bulkMessage: 200,
  /** The chat answers its newest messages only (issue 19): older ones are not shown. */
  chatHistory: 200,
  /** Applications one bulk message or one unread-counts request names. */
  chatApplications: 1000,
  externalMessage: 2000,
  search: 128,
  /**
   * The collections' bounds (issue 25; the spec gives none): they keep one form's pricing and storage
   * bounded, so no request can hold the server for seconds. Persons are adults + children.
   */
  persons: 100,
  tourists: 100,
  accommodations: 30,
  stayNights: 60,
  /** Service lines of each kind (services, required, additional). */
  serviceLines: 50,
  meals: 50,
  /** Customer payments and vendor payments of one application, each. */
  payments: 100,
  /** Application documents: pdf only, up to 10 files. */
  documents: 10,
  /** Debounces of the editor and the list, ms. */
  totalsDebounceMs: 500,
  searchDebounceMs: 700,
  unreadPollMs: 60_000,
  rowsPerPage: 10,
} as const;

/** The default tourist dictionary ids (spec 03 §9). */
export const TOURIST_DEFAULTS = { document: TOURIST_DOCUMENTS[0].id, citizenship: TOURIST_CITIZENSHIPS[0].id, gender: TOURIST_GENDERS[0].id } as const;

/** The legs of a transport item or a transfer. */
export const LEGS = ['forth', 'back'] as const;
export type Leg = (typeof LEGS)[number];

/** The three kinds of service lines (spec 03 §3 "Service line"). */
export const SERVICE_LINE_KINDS = ['services', 'required_services', 'additional_services'] as const;
export type ServiceLineKind = (typeof SERVICE_LINE_KINDS)[number];

/** The default transfer type of a new transfer leg. */
export const DEFAULT_TRANSFER_TYPE = TransferType.Bus;
