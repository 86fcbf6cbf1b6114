/**
 * Every scenario of `npm run bench`, in the order they run. A new scenario is one file in this
 * folder (a `BenchScenario`, see ../context.ts) and one line here.
 */
import type { BenchScenario } from '../context.js';
import { agencyReportScenario } from './agency-report.js';
import { analyticsScenario } from './analytics.js';
import { applicationsEditorScenario } from './applications-editor.js';
import { applicationsLargestScenario } from './applications-largest.js';
import { applicationsListScenario } from './applications-list.js';
import { bystanderScenario } from './bystander.js';
import { deepPageScenario } from './deep-page.js';
import { exportScenario } from './export.js';
import { exportFreezeScenario } from './export-freeze.js';
import { firstPagesScenario } from './first-pages.js';
import { importsScenario } from './imports.js';
import { loginBurstScenario } from './login-burst.js';
import { hotelEditorScenario } from './hotel-editor.js';
import { pickerScenario } from './picker.js';
import { startupScenario } from './startup.js';
import { toursScenario } from './tours.js';
import { transportScenario } from './transport.js';

export const BENCH_SCENARIOS: BenchScenario[] = [
  exportScenario,
  firstPagesScenario,
  deepPageScenario,
  pickerScenario,
  hotelEditorScenario,
  transportScenario,
  toursScenario,
  applicationsEditorScenario,
  applicationsLargestScenario,
  applicationsListScenario,
  agencyReportScenario,
  analyticsScenario,
  importsScenario,
  bystanderScenario,
  exportFreezeScenario,
  startupScenario,
  loginBurstScenario,
];
