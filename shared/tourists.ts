/**
 * A tourist's document, citizenship and gender (spec 03 §3 "Tourist": ids, default 1), named as the
 * passenger lists print them. GET /applications/data will serve these lists to the application editor.
 */
export const TOURIST_DOCUMENTS = [
  { id: 1, name: 'Паспорт гражданина РФ' },
  { id: 2, name: 'Свидетельство о рождении' },
  { id: 3, name: 'Заграничный паспорт гражданина РФ' },
  { id: 4, name: 'Паспорт иностранного гражданина' },
  { id: 5, name: 'Военный билет' },
] as const;

export const TOURIST_CITIZENSHIPS = [
  { id: 1, name: 'Россия' },
  { id: 2, name: 'Беларусь' },
  { id: 3, name: 'Казахстан' },
  { id: 4, name: 'Другое' },
] as const;

export const TOURIST_GENDERS = [
  { id: 1, name: 'Мужской' },
  { id: 2, name: 'Женский' },
] as const;

export const nameOf = (list: readonly { id: number; name: string }[], id: number | null | undefined): string => list.find((item) => item.id === id)?.name ?? '';
