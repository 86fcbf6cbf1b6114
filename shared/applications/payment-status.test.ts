import { describe, expect, it } from 'vitest';
import { dueOf, paidOf, paymentState, paymentStatusOf, toPayOf } from './payment-status.js';

const client = (status = 1) => ({ status, requester_type: 'client', price_total: '24750.00', agency_to_pay: '21780.00' });

describe('the payment status (issue 28)', () => {
  it('paid is the paid rows less the refunds, pending rows ignored, in exact decimals', () => {
    expect(paidOf([]).toString()).toBe('0');
    expect(paidOf([{ status: 2, sum: 0.1 }, { status: 2, sum: 0.2 }]).toString()).toBe('0.3');
    expect(paidOf([{ status: 2, sum: '25000.00' }, { status: 3, sum: 250 }, { status: 1, sum: 999 }]).toString()).toBe('24750');
  });

  it('due: agency_to_pay for an agency, price_total for a client, 0 when cancelled', () => {
    expect(dueOf(client()).toString()).toBe('24750');
    expect(dueOf({ ...client(), requester_type: 'agency' }).toString()).toBe('21780');
    expect(dueOf(client(7)).toString()).toBe('0');
  });

  it('nothing paid → 1, below due → 2, equal → 3, above → 4', () => {
    expect(paymentStatusOf(0, 100)).toBe(1);
    expect(paymentStatusOf(0, 0)).toBe(1);
    expect(paymentStatusOf(-5, 0)).toBe(1);
    expect(paymentStatusOf('99.99', 100)).toBe(2);
    expect(paymentStatusOf('100.00', 100)).toBe(3);
    expect(paymentStatusOf('100.01', 100)).toBe(4);
    // A cancelled application with money on it: a refund is owed.
    expect(paymentState(client(7), [{ status: 2, sum: 1 }]).payment_status).toBe(4);
    // 24749.7 + 0.1 + 0.2 is the price exactly (a float sum would be 24750.000000000004).
    expect(paymentState(client(), [{ status: 2, sum: 24749.7 }, { status: 2, sum: 0.1 }, { status: 2, sum: 0.2 }]).payment_status).toBe(3);
  });

  it('К оплате is due less paid, never below 0', () => {
    expect(toPayOf(1000.5, 24750).toString()).toBe('23749.5');
    expect(toPayOf(30000, 24750).toString()).toBe('0');
  });
});
