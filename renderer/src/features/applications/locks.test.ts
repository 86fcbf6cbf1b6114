/** The application editor's locks, read from the rule table: what a cancelled application leaves open. */
import { ApplicationStatus } from '@shared/applications/constants';
import { APPLICATION_FIELD_RULES, APPLICATION_FIELDS, roleLockReason, statusLockReason } from '@shared/applications/field-rules';
import { MESSAGES } from '@shared/messages';
import { Role } from '@shared/roles';
import { describe, expect, it } from 'vitest';
import { APPLICATION_TAB_OWNS, blankApplication, generalOwns, type ApplicationValues } from './form';
import { partLockReason, saveLockReason } from './locks';

const A = MESSAGES.applications;

describe('partLockReason', () => {
  it('locks every tab and the header of a cancelled application, with the reason the server refuses a change with', () => {
    const { payments: _payments, vendorPayments: _vendorPayments, ...tabs } = APPLICATION_TAB_OWNS;
    for (const owns of [...Object.values(tabs), generalOwns, ['application_type', 'requester_id']]) {
      expect(partLockReason({ owns }, true)).toBe(A.cancelledLocked);
      expect(partLockReason({ owns }, false)).toBeNull();
    }
  });

  it('leaves open a part that owns a field a cancelled application still takes (the money), and one that owns no field', () => {
    const { payments, vendorPayments } = APPLICATION_TAB_OWNS;
    expect(partLockReason({ owns: payments }, true)).toBeNull();
    expect(partLockReason({ owns: vendorPayments }, true)).toBeNull();
    expect(partLockReason({ owns: ['vendor_payments', 'comment'] }, true)).toBeNull();
    expect(partLockReason({ owns: [] }, true)).toBeNull();
  });
});

describe('saveLockReason', () => {
  const shown: ApplicationValues = { ...blankApplication(), status: ApplicationStatus.Cancelled, comment: 'было', payments: [] };

  it('keeps Save of a cancelled application until something it still takes has changed', () => {
    expect(saveLockReason(shown, shown, true)).toBe(A.cancelledLocked);
    // A refused field changed (only by a way round the locks) does not open it: the server would refuse it.
    expect(saveLockReason({ ...shown, comment: 'стало' }, shown, true)).toBe(A.cancelledLocked);
    expect(saveLockReason({ ...shown, payments: [{ status: 2, sum: 100, is_online: false, date: null }] }, shown, true)).toBeNull();
  });

  it('never locks Save of an application that is not cancelled', () => {
    expect(saveLockReason(shown, shown, false)).toBeNull();
  });
});

describe('the rule table’s lock reasons', () => {
  it('gives a role-locked field the words the server refuses it with, and nothing to the roles that may change it', () => {
    expect(roleLockReason('payment_method', Role.Manager)).toBe(A.paymentMethodLocked);
    expect(roleLockReason('payment_method', Role.Accountant)).toBeNull();
    expect(roleLockReason('payment_method', Role.Administrator)).toBeNull();
    expect(roleLockReason('comment', Role.Manager)).toBeNull();
  });

  it('has a refusal for every field some role may not change (the hover never goes without its reason)', () => {
    for (const field of APPLICATION_FIELDS) if (APPLICATION_FIELD_RULES[field].roles) expect(APPLICATION_FIELD_RULES[field].refusal?.message, field).toBeTruthy();
  });

  it('says the cancelled status only of the fields a cancelled application refuses', () => {
    expect(statusLockReason('comment', true)).toBe(A.cancelledLocked);
    expect(statusLockReason('payments', true)).toBeNull();
    expect(statusLockReason('comment', false)).toBeNull();
  });
});
