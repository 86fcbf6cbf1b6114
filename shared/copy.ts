/**
 * What a copy is called (issue 16): names and slugs are unique, so a copy made in an editor never
 * carries the original's. 'Гранд Отель' → 'Гранд Отель (копия)' → 'Гранд Отель (копия 2)'; a slug
 * 'grand-otel' → 'grand-otel-kopiia' → 'grand-otel-kopiia-2'. A copy of a copy counts on; two copies
 * of one original are told apart by the save's 422 (every unique field at once).
 */

const NAME_MARK = /^(.*) \(копия(?: (\d+))?\)$/s;
const SLUG_MARK = /^(.*)-kopiia(?:-(\d+))?$/;

export function copyName(name: string): string {
  const marked = NAME_MARK.exec(name);
  if (!marked) return `${name} (копия)`;
  return `${marked[1]} (копия ${Number(marked[2] ?? 1) + 1})`;
}

export function copySlug(slug: string): string {
  if (slug === '') return '';
  const marked = SLUG_MARK.exec(slug);
  if (!marked) return `${slug}-kopiia`;
  return `${marked[1]}-kopiia-${Number(marked[2] ?? 1) + 1}`;
}
