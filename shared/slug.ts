/**
 * Page addresses (slugs) of records the public site shows: lower-case Latin letters, digits and
 * single hyphens. A record saved without one gets it from its name, transliterated from Russian as a
 * site editor would type it (`Отель «Морская звезда»` → `otel-morskaya-zvezda`); the server makes it
 * unique with a suffix (`-2`, `-3`, …, `uniqueSlug`) inside the save's transaction, and the renderer's
 * form shows the same derived value before saving.
 */

/** What a slug looks like (hotels, cities). */
export const SLUG_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Russian letters in Latin (the passport transliteration of 2013 without its apostrophes, as site addresses write it). */
const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Ukrainian and Belarusian letters met in names of places.
  і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u',
  // The number sign would decompose into "No": a separator, as a site editor writes "obekt-1".
  '№': ' ',
};

/**
 * The slug of `name` within `max` characters (cut at a hyphen when possible), or '' when the name has
 * no letter or digit that can be written in Latin.
 */
export function slugOf(name: string, max = 255): string {
  const latin = [...name.toLowerCase()]
    .map((char) => LATIN[char] ?? char)
    .join('')
    // Latin letters with marks (é, ü) lose them; anything else not a Latin letter or digit separates words.
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (latin.length <= max) return latin;
  const cut = latin.slice(0, max);
  const hyphen = cut.lastIndexOf('-');
  return (hyphen > 0 ? cut.slice(0, hyphen) : cut).replace(/-+$/, '');
}

/**
 * `base` made unique among `taken` (the slugs already used, compared as stored): `base` itself when
 * free, else the first free `base-2`, `base-3`, … — kept within `max` characters.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>, max = 255): string {
  if (!taken.has(base)) return base;
  for (let number = 2; ; number++) {
    const suffix = `-${number}`;
    const candidate = `${base.slice(0, max - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
