/** The one lock of the kit's fields (issue 27): disabled, a lock mark, the reason for the hover; a scope's reason first. */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormField, type FieldSpec } from './fields';
import { LockableGroup, LockedScope } from './locks';

type Values = { comment: string | null; method: number | null };
const values: Values = { comment: 'Текст', method: null };
const render = (field: FieldSpec<Values>, scope?: string | null) => {
  const control = h(FormField<Values>, { field, values, setValue: () => undefined, errors: {}, editing: true });
  return renderToStaticMarkup(scope === undefined ? control : h(LockedScope, { reason: scope, children: control }));
};
const comment: FieldSpec<Values> = { kind: 'textarea', name: 'comment', label: 'Комментарий' };

describe('a kit field’s lock', () => {
  it('disables the field, marks its label and carries the reason for the hover while `lockedReason` gives one', () => {
    const html = render({ ...comment, lockedReason: (current) => current.comment !== null && 'Нельзя: причина' });
    expect(html).toMatch(/<textarea[^>]*disabled/);
    expect(html).toContain('data-testid="locked-mark"');
    expect(html).toContain('data-locked-reason="Нельзя: причина"');
  });

  it('leaves the field as it was while there is no reason (no wrapper, no mark)', () => {
    const html = render({ ...comment, lockedReason: () => false });
    expect(html).not.toMatch(/<textarea[^>]*disabled/);
    expect(html).not.toContain('locked');
  });

  it('locks every kit field inside a scope with the scope’s reason, before the field’s own', () => {
    const html = render({ ...comment, lockedReason: () => 'Своя причина' }, 'Заявка аннулирована');
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    expect(html).toContain('data-locked-reason="Заявка аннулирована"');
    expect(html).not.toContain('Своя причина');
  });

  it('a scope without a reason locks nothing and leaves a field’s own lock to it', () => {
    const html = render({ ...comment, lockedReason: () => 'Своя причина' }, null);
    expect(html).not.toMatch(/<fieldset[^>]*disabled/);
    expect(html).toContain('data-locked-reason="Своя причина"');
  });

  it('a group of a control of its own says the scope’s reason too', () => {
    const group = h(LockableGroup, { label: 'Менеджер', children: h('button', { type: 'button' }, 'Выбрать') });
    const html = renderToStaticMarkup(h(LockedScope, { reason: 'Заявка аннулирована', children: group }));
    expect(html).toContain('data-locked-reason="Заявка аннулирована"');
    expect(html).toContain('data-testid="locked-mark"');
  });
});
