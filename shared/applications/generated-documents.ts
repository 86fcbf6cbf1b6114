/**
 * The generated documents of an application (issue 28 "Generated documents"): a voucher and a
 * contract per application, made as PDF by a job (server/applications/documents/), kept as rows of
 * `application_documents` with their `kind` (path null while 'формируется'). The texts the PDFs print
 * are here so the renderer names the kinds as the documents do.
 */
import { ApplicationStatus } from './constants.js';
import { GENERATED_DOCUMENT_LABELS, type GeneratedDocumentKind } from './documents.js';

export { GENERATED_DOCUMENT_KINDS, type GeneratedDocumentKind } from './documents.js';

/** The document's name as the Documents tab lists it and its history row records it: `Ваучер №2027-000123.pdf`. */
export const generatedDocumentName = (kind: GeneratedDocumentKind, number: string) => `${GENERATED_DOCUMENT_LABELS[kind]} №${number}.pdf`;

/** Reaching one of these without its generated documents marks them to be made (`need_generate_docs`). */
export const DOCUMENTS_NEEDED_STATUSES: readonly number[] = [ApplicationStatus.ConfirmedPaymentRequired, ApplicationStatus.FullPaymentRequired, ApplicationStatus.Paid];

/** The labels the PDFs print. */
export const DOCUMENT_LABELS = {
  voucherTitle: (number: string) => `Ваучер к заявке №${number}`,
  contractTitle: (number: string) => `Договор о реализации туристского продукта №${number}`,
  issuedAt: (date: string) => `Дата составления: ${date}`,
  requester: 'Заказчик',
  requesterName: 'ФИО или наименование',
  agencyUser: 'Представитель агентства',
  product: 'Турпродукт',
  applicationType: 'Вид заявки',
  tourDate: 'Дата тура',
  phone: 'Телефон',
  email: 'E-mail',
  tourists: 'Туристы',
  birthday: (date: string) => `дата рождения ${date}`,
  accommodations: 'Проживание',
  stay: (hotel: string, room: string, from: string, to: string) => `${hotel}, ${room}: ${from} — ${to}`,
  meal: (meal: string) => `питание: ${meal}`,
  guests: (adults: number, children: number) => (children > 0 ? `взрослых ${adults}, детей ${children}` : `взрослых ${adults}`),
  transports: 'Проезд',
  legs: { forth: 'Туда', back: 'Обратно' } as Record<'forth' | 'back', string>,
  transfers: 'Трансферы',
  transfer: 'Трансфер',
  ride: (name: string, from: string, to: string, start: string, finish: string) => `${name}: ${from} → ${to}, ${start}${finish && finish !== start ? ` — ${finish}` : ''}`,
  services: 'Услуги',
  meals: 'Питание',
  persons: (count: number) => `на ${count} чел.`,
  count: (count: string) => `× ${count}`,
  totals: 'Стоимость',
  priceWithoutDiscount: 'Стоимость без скидки',
  discount: 'Скидка',
  priceTotal: 'Итого к оплате',
  prepayment: 'Предоплата',
  agencyCommission: 'Комиссия агентства',
  agencyToPay: 'К оплате агентством',
  operator: 'Туроператор',
  legalName: 'Наименование',
  inn: 'ИНН',
  ogrn: 'ОГРН',
  address: 'Адрес',
  registryNumber: 'Реестровый номер в Едином федеральном реестре туроператоров',
  financialGuarantee: 'Финансовое обеспечение',
  bank: 'Банк',
  bik: 'БИК',
  settlementAccount: 'Расчётный счёт',
  correspondentAccount: 'Корреспондентский счёт',
  contractSubject:
    'Туроператор обязуется обеспечить оказание Заказчику комплекса услуг, входящих в туристский продукт, указанный в настоящем договоре, а Заказчик обязуется оплатить туристский продукт.',
  contractPayment: 'Оплата производится в рублях в сроки, согласованные сторонами.',
  voucherNote: 'Ваучер предъявляется при заселении и получении услуг.',
  signatures: 'Подписи сторон',
  signatureLine: (party: string) => `${party}: ____________________`,
  empty: '—',
} as const;
