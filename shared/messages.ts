/**
 * Every user-facing text of the spec that both sides need lives here once, as `MESSAGES.<section>.<text>`,
 * composed from one file per feature in ./messages/ (a new text goes into its feature's file, a new
 * feature's texts into a file of their own, listed here; messages.test.ts holds that no section is
 * defined twice, nor one left out). Those files import nothing of this one, so this one may import them all.
 * Russian texts are exactly as in the spec; validation texts follow the wording of the spec's
 * examples ('Поле обязательно для заполнения.', 'Заполните поле').
 *
 * The interface is Russian, yet the spec quotes some texts in English ('Vendor successfully saved',
 * 'Dates are not selected!'). They are shown in Russian — a deliberate choice — with the spec's
 * English kept in a `spec:` comment beside each translation, so every text stays traceable to the
 * spec. Protocol values (`status: 'CHANGED'`) are not texts and stay as they are.
 */
import { ADMINISTRATION_MESSAGES } from './messages/administration.js';
import { ANALYTICS_AGENCY_REPORT_MESSAGES } from './messages/analytics-agency-report.js';
import { ANALYTICS_MESSAGES } from './messages/analytics.js';
import { APPLICATION_MESSAGES } from './messages/applications.js';
import { AUTH_MESSAGES } from './messages/auth.js';
import { DATE_REPORT_MESSAGES } from './messages/date-report.js';
import { CATALOGUE_MESSAGES } from './messages/catalogue.js';
import { EDITOR_MESSAGES } from './messages/editors.js';
import { FIELD_MESSAGES } from './messages/fields.js';
import { FILE_MESSAGES } from './messages/files.js';
import { HANDBOOK_MESSAGES } from './messages/handbooks.js';
import { HOTEL_MESSAGES } from './messages/hotels.js';
import { IMPORT_MESSAGES } from './messages/imports.js';
import { LIST_MESSAGES } from './messages/lists.js';
import { ORGANIZATION_MESSAGES } from './messages/organization.js';
import { OUTCOME_MESSAGES } from './messages/outcomes.js';
import { PARTNER_MESSAGES } from './messages/partners.js';
import { REQUEST_MESSAGES } from './messages/requests.js';
import { SEA_TOUR_MESSAGES } from './messages/sea-tours.js';
import { TOUR_CALCULATOR_MESSAGES } from './messages/tour-calculators.js';
import { TOUR_ROUTE_MESSAGES } from './messages/tour-routes.js';
import { TOUR_SERVICE_MESSAGES } from './messages/tour-services.js';
import { TOUR_MESSAGES } from './messages/tours.js';
import { TRANSPORT_MESSAGES } from './messages/transport.js';

export const MESSAGES = {
  ...FIELD_MESSAGES,
  ...LIST_MESSAGES,
  ...OUTCOME_MESSAGES,
  ...REQUEST_MESSAGES,
  ...AUTH_MESSAGES,
  ...EDITOR_MESSAGES,
  ...FILE_MESSAGES,
  ...APPLICATION_MESSAGES,
  ...HOTEL_MESSAGES,
  ...SEA_TOUR_MESSAGES,
  ...TOUR_MESSAGES,
  ...TOUR_SERVICE_MESSAGES,
  ...TOUR_ROUTE_MESSAGES,
  ...TOUR_CALCULATOR_MESSAGES,
  ...CATALOGUE_MESSAGES,
  ...TRANSPORT_MESSAGES,
  ...PARTNER_MESSAGES,
  ...HANDBOOK_MESSAGES,
  ...ADMINISTRATION_MESSAGES,
  ...IMPORT_MESSAGES,
  ...ORGANIZATION_MESSAGES,
  ...ANALYTICS_AGENCY_REPORT_MESSAGES,
  ...ANALYTICS_MESSAGES,
  ...DATE_REPORT_MESSAGES,
} as const;
