/** What a refused form's toast names besides 'Проверьте правильность…' (issue 27). */
import { MESSAGES } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { invalidFormReasons, TOAST_REASONS_MAX } from './failure';

describe('invalidFormReasons', () => {
  it('names a reason that sits under a field, once, and not the empty required fields (their marks say them)', () => {
    const errors = { status: [MESSAGES.applications.cancelledLocked], comment: [MESSAGES.applications.cancelledLocked], requester_id: [MESSAGES.validation.required] };
    expect(invalidFormReasons(errors)).toEqual([MESSAGES.applications.cancelledLocked]);
  });

  it('names nothing of a form refused only for empty required fields', () => {
    expect(invalidFormReasons({ requester_id: [MESSAGES.validation.required], applicationable_id: [MESSAGES.validation.fillIn] })).toEqual([]);
  });

  it(`names the first ${TOAST_REASONS_MAX} reasons and how many more stand at the fields`, () => {
    const errors = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [name, [`Причина ${name}`]]));
    expect(invalidFormReasons(errors)).toEqual(['Причина a', 'Причина b', 'Причина c', MESSAGES.errors.moreReasons(2)]);
  });
});
