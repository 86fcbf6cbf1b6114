/** The organisation details (issue 28: «Реквизиты организации», named by every generated document). Part of MESSAGES (../messages.ts). */

/** The word «цифра» after `count`: `one` for 1, 21…, «цифры» for 2–4, 22…, «цифр» otherwise. */
const digitsWord = (count: number, one: string) => {
  const tens = count % 100;
  const ones = count % 10;
  if (ones === 1 && tens !== 11) return one;
  return ones >= 2 && ones <= 4 && (tens < 12 || tens > 14) ? 'цифры' : 'цифр';
};
const counted = (counts: readonly number[], one: string) => `${counts.join(' или ')} ${digitsWord(counts[counts.length - 1]!, one)}`;

export const ORGANIZATION_MESSAGES = {
  organization: {
    /** The spec has no text of its own for this record: its generic success text (spec 02 §8, spec 03 §8). */
    saved: 'Успешно сохранено',
    loadFailed: 'Не удалось получить реквизиты организации',
    /** Why the accountant and the manager see the form locked: PUT /api/organization is the administrator's. */
    administratorOnly: 'Реквизиты организации изменяет только администратор',
    /** A code of a fixed number of digits (INN 10 or 12, OGRN 13 or 15, BIK 9, accounts 20). */
    digitCount: (counts: readonly number[]) => `Поле должно содержать ${counted(counts, 'цифру')}.`,
    /** The hint under such a field. */
    digitHint: (counts: readonly number[]) => counted(counts, 'цифра'),
    guaranteeHint: 'Кем и на какую сумму обеспечена ответственность туроператора',
    sections: { company: 'Организация', bank: 'Банк', contacts: 'Контакты' },
  },
} as const;
