/** What the engine refuses: a typed error naming the application's field, which the caller answers with a 422 there. */
import type { FieldErrors } from '../../../shared/validation.js';

export type PricingErrorCode = 'no_price_period' | 'no_hotel_meal' | 'no_tariff' | 'no_service_price' | 'no_meal_price' | 'discount_max' | 'total_max' | 'agency_commission_max';

export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    /** The field's path in the application's payload, e.g. `accommodations.0.start_at`. */
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }

  /** The 422 body's field map (server/common/http/errors.ts ValidationFailed). */
  fieldErrors(): FieldErrors {
    return { [this.path]: [this.message] };
  }
}
