/**
 * The voucher and the contract of an application as PDF (issue 28 "Generated documents"), made with
 * pdfkit and the DejaVu Sans TTF (Cyrillic and the rouble sign), both production dependencies.
 *
 * pdfkit (with fontkit) is loaded with `await import()` on the first document and stays external to
 * the start-up bundle (scripts/bundle-node.mjs, server/startup.test.ts); the fonts are resolved from
 * node_modules as a package file, so serve mode, the tests and the packaged app (node_modules inside
 * app.asar, which Electron's fs reads) find them the same way — `resources/` is not packed.
 * Both are loaded and the document drawn in the export worker thread (server/export-worker.ts,
 * issue 37: the first document after a start held the event loop 436 ms).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatDate, formatMoney } from '../../../shared/format.js';
import { applicationType } from '../../../shared/applications/constants.js';
import { GENERATED_DOCUMENT_LABELS, type GeneratedDocumentKind } from '../../../shared/applications/documents.js';
import { DOCUMENT_LABELS as L } from '../../../shared/applications/generated-documents.js';
import type { Organization } from '../../../shared/resources/organization.js';
import { runInExportWorker } from '../../exports/export-worker-pool.js';
import type { DocumentData } from './document-data.js';

const FONT_FILES = { regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' } as const;
type FontName = keyof typeof FONT_FILES;

/** The fonts' bytes, read once (≈ 1 MB): pdfkit embeds only the glyphs a document uses. */
let fonts: Record<FontName, Buffer> | null = null;
function fontBytes(): Record<FontName, Buffer> {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  return (fonts = { regular: readFileSync(require.resolve(FONT_FILES.regular)), bold: readFileSync(require.resolve(FONT_FILES.bold)) });
}

type Doc = PDFKit.PDFDocument;

const SIZE = { title: 15, heading: 11.5, text: 10 } as const;

/** The document's page: A4, the fonts registered, the DejaVu regular face current. */
async function newDocument(title: string): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, lang: 'ru-RU', info: { Title: title, Creator: 'Тур Бэк-офис' } });
  const bytes = fontBytes();
  doc.registerFont('regular', bytes.regular);
  doc.registerFont('bold', bytes.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('regular').fontSize(SIZE.text);
  return { doc, done };
}

const title = (doc: Doc, text: string) => doc.font('bold').fontSize(SIZE.title).text(text, { align: 'center' }).moveDown(0.3).font('regular').fontSize(SIZE.text);
const heading = (doc: Doc, text: string) => doc.moveDown(0.6).font('bold').fontSize(SIZE.heading).text(text).moveDown(0.2).font('regular').fontSize(SIZE.text);
/** `Label: value`; a line with no value is left out. */
const field = (doc: Doc, label: string, value: string | null | undefined) => {
  if (value === null || value === undefined || value.trim() === '') return;
  doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
};
const items = (doc: Doc, lines: readonly string[]) => lines.forEach((line, index) => doc.text(`${index + 1}. ${line}`, { indent: 10 }));
const join = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(', ');

/** The application's part both documents print: requester, product, tourists, the products' rows and the totals. */
function applicationPart(doc: Doc, data: DocumentData): void {
  field(doc, L.requesterName, data.requester);
  field(doc, L.agencyUser, data.agency_user);
  field(doc, L.phone, data.phone);
  field(doc, L.email, data.email);
  field(doc, L.applicationType, applicationType(data.type)?.name);
  field(doc, L.product, data.product);
  field(doc, L.tourDate, data.tour_date);

  heading(doc, L.tourists);
  items(doc, data.tourists.length > 0 ? data.tourists.map((tourist) => join(tourist.name, tourist.birthday && L.birthday(tourist.birthday))) : [L.empty]);
  if (data.stays.length > 0) {
    heading(doc, L.accommodations);
    items(doc, data.stays.map((stay) => join(L.stay(stay.hotel, stay.room, stay.start, stay.finish), stay.meal && L.meal(stay.meal), L.guests(stay.adults, stay.children))));
  }
  if (data.transports.length > 0) {
    heading(doc, L.transports);
    items(doc, data.transports.map((ride) => `${L.legs[ride.leg]}. ${L.ride(ride.name, ride.from, ride.to, ride.start, ride.finish)}`));
  }
  if (data.transfers.length > 0) {
    heading(doc, L.transfers);
    items(doc, data.transfers.map((ride) => `${L.legs[ride.leg]}. ${L.ride(L.transfer, ride.from, ride.to, ride.start, ride.finish)}`));
  }
  if (data.services.length > 0) {
    heading(doc, L.services);
    items(doc, data.services.map((service) => join(`${service.name} ${L.count(service.count.replace(/\.0+$/, ''))}`, formatMoney(service.price_total))));
  }
  if (data.meals.length > 0) {
    heading(doc, L.meals);
    items(doc, data.meals.map((meal) => join(`${meal.name} ${L.persons(meal.persons)}`, formatMoney(meal.price_total))));
  }

  heading(doc, L.totals);
  field(doc, L.priceWithoutDiscount, formatMoney(data.price_without_discount));
  if (Number(data.discount) !== 0) field(doc, L.discount, formatMoney(data.discount));
  field(doc, L.priceTotal, formatMoney(data.price_total));
  if (data.requester_type === 'agency') {
    field(doc, L.agencyCommission, formatMoney(data.agency_commission));
    field(doc, L.agencyToPay, formatMoney(data.agency_to_pay));
  }
  if (data.prepayment !== null) field(doc, L.prepayment, formatMoney(data.prepayment));
}

const dash = (value: string) => (value.trim() === '' ? L.empty : value);

/** The operator's details (a dash for a field the administrator has not filled). */
function operatorPart(doc: Doc, organization: Organization): void {
  const rows: [string, string][] = [
    [L.legalName, organization.legal_name],
    [L.inn, organization.inn],
    [L.ogrn, organization.ogrn],
    [L.address, organization.address],
    [L.registryNumber, organization.registry_number],
    [L.financialGuarantee, organization.financial_guarantee],
    [L.bank, organization.bank_name],
    [L.bik, organization.bik],
    [L.settlementAccount, organization.settlement_account],
    [L.correspondentAccount, organization.correspondent_account],
    [L.phone, organization.phone],
    [L.email, organization.email],
  ];
  for (const [label, value] of rows) field(doc, label, dash(value));
}

async function render(kind: GeneratedDocumentKind, data: DocumentData, organization: Organization, today: string): Promise<Buffer> {
  const { doc, done } = await newDocument(`${GENERATED_DOCUMENT_LABELS[kind]} №${data.number}`);
  if (kind === 'voucher') {
    title(doc, L.voucherTitle(data.number));
    doc.text(L.issuedAt(today), { align: 'center' });
    heading(doc, L.operator);
    field(doc, L.legalName, dash(organization.legal_name));
    field(doc, L.phone, organization.phone);
    field(doc, L.email, organization.email);
    heading(doc, L.requester);
    applicationPart(doc, data);
    doc.moveDown().text(L.voucherNote);
  } else {
    title(doc, L.contractTitle(data.number));
    doc.text(L.issuedAt(today), { align: 'center' });
    doc.moveDown(0.6).text(L.contractSubject, { align: 'justify' });
    heading(doc, L.operator);
    operatorPart(doc, organization);
    heading(doc, L.requester);
    applicationPart(doc, data);
    doc.moveDown().text(L.contractPayment);
    heading(doc, L.signatures);
    doc.text(L.signatureLine(L.operator)).moveDown(0.5).text(L.signatureLine(L.requester));
  }
  doc.end();
  return done;
}

/** What the worker draws a document from (plain data, copied to the thread). */
export interface ApplicationDocumentInput {
  kind: GeneratedDocumentKind;
  data: DocumentData;
  organization: Organization;
  today: string;
}

/** Draws the document: in the export worker thread only (server/export-worker.ts). */
export function renderApplicationDocument(input: ApplicationDocumentInput): Promise<Buffer> {
  return render(input.kind, input.data, input.organization, input.today);
}

/** The PDF of `kind` for the application's printed facts and the operator's details, drawn in the export worker. */
export function generateDocument(kind: GeneratedDocumentKind, data: DocumentData, organization: Organization, now = new Date()): Promise<Buffer> {
  return runInExportWorker({ pdf: 'application-document' }, { kind, data, organization, today: formatDate(now) } satisfies ApplicationDocumentInput);
}
