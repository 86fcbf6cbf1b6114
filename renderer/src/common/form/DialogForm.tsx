/**
 * The form of a dialog (issue 10): Enter in a one-line field saves it, whatever the field — a browser
 * submits only from some inputs, and a select or number field swallows the key. Not in a text area,
 * the rich-text editor or an open list of a select, where Enter has its own meaning. A dialog opened
 * over this one (a period over its room) keeps its keys and its submit: React passes events up
 * through portals, so the outer form ignores what did not happen inside it.
 */
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';

export function submitOnEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.altKey || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return;
  if (!(target instanceof HTMLInputElement) || ['checkbox', 'radio', 'file', 'button', 'submit'].includes(target.type)) return;
  if (target.closest('.bp6-popover, [role=combobox], .bp6-tag-input')) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

export function DialogForm({ onSubmit, children }: { onSubmit(): void; children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (event.target !== event.currentTarget) return;
    onSubmit();
  };
  return (
    <form onSubmit={submit} onKeyDown={submitOnEnter} noValidate>
      {children}
    </form>
  );
}
