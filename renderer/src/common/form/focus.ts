/** The controls a person fills in: the first of them gets the focus when a dialog opens. */
const FIELD_SELECTOR = [
  'input:not([type=hidden]):not([type=file]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
  '[contenteditable=true]',
  // A searchable select shows as a button (common/form/fields.tsx).
  'button[data-field]:not([disabled])',
].join(', ');

/**
 * Puts the cursor into the first field of `container` (a dialog's body), if it has one — unless the
 * person is already in one of its fields (typing started before the dialog finished opening).
 */
export function focusFirstField(container: HTMLElement | null): void {
  const active = document.activeElement;
  if (!container || (active && active !== container && container.contains(active) && active.matches(FIELD_SELECTOR))) return;
  container.querySelector<HTMLElement>(FIELD_SELECTOR)?.focus();
}
