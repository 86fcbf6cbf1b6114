/** The tour calculators list (spec 03 §2.11): the shared part of its declaration. */
import { MESSAGES } from '../messages.js';
import { defineResource } from '../resources/define.js';
import { CALCULATOR_PATHS } from './paths.js';
import { tourCalculatorSchema } from './schema.js';

const C = MESSAGES.tourCalculators;

/** /tours/calculators: search by name, sort by id and name. */
export const tourCalculatorsResource = defineResource({
  path: CALCULATOR_PATHS.list,
  createSchema: tourCalculatorSchema,
  updateSchema: tourCalculatorSchema,
  sortable: ['id', 'name'],
  messages: {
    saved: C.saved,
    deleted: C.deleted,
    saveFailed: { title: MESSAGES.errors.saveFailedTitle, text: MESSAGES.errors.saveFailedText },
    loadFailed: MESSAGES.errors.unexpected,
  },
});
