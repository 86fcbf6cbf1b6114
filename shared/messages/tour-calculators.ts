/** Tour calculator texts: a part of MESSAGES (../messages.ts). Spec 03 §2.11, §8; issue 30. */
export const TOUR_CALCULATOR_MESSAGES = {
  tourCalculators: {
    saved: 'Калькулятор успешно сохранен',
    deleted: 'Калькулятор успешно удален',
    confirmDelete: 'Вы действительно желаете удалить калькулятор?',
    /** No paying people: nothing to divide the group's cost by (issue 30), on `adult_count`. */
    nobodyPays: 'В группе нет ни одного платящего туриста',
    /** More days than the duration, on `days`. */
    tooManyDays: (duration: number) => `Дней не может быть больше продолжительности тура (${duration})`,
    /** A hotel's departure before its arrival, on `hotels.N.departure_day`. */
    departureBeforeArrival: 'День выезда не может быть раньше дня заезда',
    /** A hotel day past the duration. */
    dayPastDuration: (duration: number) => `День не может быть больше продолжительности тура (${duration})`,
    /** The hotel select locked once rooms exist (spec 03 §4 "Tour calculator"). */
    hotelLocked: 'Отель нельзя изменить, пока у него есть номера',
    chooseHotelFirst: 'Сначала выберите отель',
    /** Dialog titles. */
    dayCreate: 'Добавление дня',
    dayEdit: 'Редактирование дня',
    hotelCreate: 'Добавление отеля',
    hotelEdit: 'Редактирование отеля',
    roomCreate: 'Добавление номера',
    roomEdit: 'Редактирование номера',
    /** The results tab before the first save. */
    resultsAfterSave: 'Результаты будут рассчитаны после сохранения',
    /** Results titles (issue 30), in this order. */
    results: {
      cost: 'Себестоимость группы',
      commission: 'Комиссия',
      adult: 'Цена за взрослого',
      child: 'Цена за ребёнка',
      retiree: 'Цена за пенсионера',
      total: 'Итого за группу',
    },
    /** A picked tour replaced the name, duration and days and cleared hotels and services. */
    tourCopied: 'Название, продолжительность и дни взяты из тура; отели и услуги очищены',
  },
} as const;
