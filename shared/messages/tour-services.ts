/** Tour service texts: a part of MESSAGES (../messages.ts). */
export const TOUR_SERVICE_MESSAGES = {
  /** Tour services (spec 03 §5 "Tour services, price periods", §8). */
  tourServices: {
    saved: 'Услуга успешно сохранена',
    /**
     * Its dates' texts and an incomplete period's are a tour meal's (MESSAGES.tours.mealDateFrom, mealDateTo,
     * fillRequired): the spec words them alike (spec 03 §5 "general failure").
     */
    adultPriceRequired: 'Поле Цена(взр) обязательно для заполнения.',
    /** A child age bracket whose to does not exceed its from: under the from field. */
    agesInvalid: 'Невалидные данные',
    /** The service dialog's titles and the list's and the periods' delete confirmations. */
    create: 'Добавление услуги',
    edit: 'Редактирование услуги',
    confirmDelete: 'Вы действительно желаете удалить услугу?',
    confirmDeletePeriod: 'Вы действительно желаете удалить период?',
  },
} as const;
