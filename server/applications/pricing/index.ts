/** The pricing engine's public face: one entry point, its input rows, its result and its refusal. */
export { priceApplication, type CategoryTotals, type PricedLine, type PricingBreakdown, type PricingResult } from './engine.js';
export { PricingError, type PricingErrorCode } from './errors.js';
export { PRICING_CATEGORIES, type PricingCategory } from './lines.js';
export type * from './types.js';
export { serviceUnit } from './extras.js';
