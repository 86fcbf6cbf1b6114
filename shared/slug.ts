/**
 * A slug (the record's address on the public site: `/hotels/grand-otel-anapa`) derived from a Russian
 * name: transliterated (the scheme of Russian passports, as Yandex and most Russian sites read
 * it: щ → shch, ж → zh, х → kh, ц → ts, ь and ъ dropped), lower case, words joined by hyphens.
 *
 * NOTE: a shared transliteration for hotel slugs is being added on branch `payloads` (issue 16,
 * "Outside clients' payloads"); this one serves the city form until the two are reconciled.
 */

const LETTERS: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm', н: 'n',
  о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y',
  ь: '', э: 'e', ю: 'iu', я: 'ia',
};

/** The slug of a name: 'Санкт-Петербург' → 'sankt-peterburg', 'Отель «Жемчужина» 5*' → 'otel-zhemchuzhina-5'; '' when nothing is left. */
export function slugify(name: string, max = 128): string {
  // Compatibility forms first ('№' → 'No', 'ﬁ' → 'fi'), accents off (й and ё read as и and е, as the table has them).
  const plain = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const slug = [...plain]
    .map((char) => LETTERS[char] ?? char)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, max).replace(/-+$/, '');
}
