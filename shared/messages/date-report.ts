/** The analytics' date report (spec 03 §2.12, §7 "Analytics", §9): its dialog, its sheet and its one rule. */
export const DATE_REPORT_MESSAGES = {
  dateReport: {
    action: 'Отчет на дату',
    title: 'Отчет на дату',
    date: 'Дата начала',
    /** Spec 03 §9: the date-report export needs a date (worded as the spec's 'Поле Дата от обязательно…'). */
    dateRequired: 'Поле Дата начала обязательно для заполнения.',
    sheet: 'Отчет на дату',
    columns: {
      transport: 'Транспорт',
      route: 'Маршрут',
      departure: 'Отправление',
      seat: 'Место',
      number: 'Номер заявки',
      product: 'Продукт',
      tourist: 'Турист',
      birthday: 'Дата рождения',
      requester: 'Заказчик',
      phone: 'Телефон',
      email: 'Email',
      attendantPhone: 'Телефон сопровождающего',
      stay: 'Проживание',
      comment: 'Комментарий',
    },
  },
} as const;
