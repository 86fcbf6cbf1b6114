/** Countries (spec 01 §2.10, §7 "Cities and countries"): a handbook of id and name. */
import { MESSAGES } from '../messages.js';
import { defineNamedHandbook } from './define.js';

export const countriesResource = defineNamedHandbook({
  path: '/countries',
  nameMax: 128,
  saved: MESSAGES.countries.saved,
});
