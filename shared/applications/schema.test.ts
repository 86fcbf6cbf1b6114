import { describe, expect, it } from 'vitest';
import { applicationErrors, applicationSchema, calcTotalsSchema } from './schema.js';

/** A hotel application as an outside client sends it: numbers as text, flags 0/1, objects for references, optional keys left out. */
const outside = {
  type: '1',
  applicationable: { id: 7, name: 'Гостиница «Заря»' },
  requestorable: { type: 'agencies', id: '4' },
  agency_user_id: '',
  payment_method: 0,
  discount: '150',
  children_ages: ['7'],
  adult_count: '2',
  child_count: '1',
  phone: '+7 (916) 123-45-67',
  source: 'web_site',
  accommodations: [{ hotel_id: '7', room_id: '12', start_at: '2026-07-01', finish_at: '2026-07-04', adult_count: '2', child_count: 1 }],
  tourists: [{ last_name: 'Иванов', first_name: 'Иван', document_number: '4510123456', document: { id: 1 } }],
  services: [{ serviceable_id: '3', count: '2', price: '999' }],
};

describe('the application form', () => {
  it("reads an outside client's payload into one normal form", () => {
    const form = applicationSchema.parse(outside);
    expect(form).toMatchObject({
      application_type: 1,
      applicationable_id: 7,
      requester_type: 'agency',
      requester_id: 4,
      agency_user_id: null,
      payment_method: null,
      discount: 150,
      children_ages: [7],
      phone: '+79161234567',
      status: 1,
      transport_forth: null,
      seats_forth: [],
      meals: [],
    });
    expect(form.accommodations[0]).toMatchObject({ hotel_id: 7, room_id: 12, adult_count: 2, child_count: 1, adv_adult_count: 0, meal_id: null });
    expect(form.tourists[0]).toMatchObject({ document: 1, citizenship: 1, gender: 1, patronymic: null });
    expect(form.services[0]).toEqual({ serviceable_id: 3, count: 2 });
    // Payments left out are kept as stored, not emptied.
    expect(form.payments).toBeUndefined();
  });

  it('answers each rule on its indexed path', () => {
    const errors = applicationErrors({
      ...outside,
      applicationable: undefined,
      accommodations: [{ hotel_id: 7, room_id: 12, start_at: '2026-07-04', finish_at: '2026-07-01', adult_count: 1 }],
      tourists: [{ last_name: 'Иванов', first_name: '', document_number: '' }],
      services: [{ serviceable_id: 3 }, { serviceable_id: 4 }],
      additional_services: [{ serviceable_id: 3 }],
      seats_forth: [{ number: 5 }],
    });
    expect(Object.keys(errors).sort()).toEqual(['accommodations.0.finish_at', 'additional_services.0.serviceable_id', 'applicationable_id', 'seats_forth', 'tourists.0.document_number', 'tourists.0.first_name']);
  });

  it('takes the four totals fields of calc-totals, blank discount as 0', () => {
    expect(calcTotalsSchema.parse({ discount: '', manual_price_without_discount: '12000' })).toEqual({ discount: 0, manual_price_without_discount: 12000, manual_agency_commission: null });
  });
});
