/** Excursion tours, their checklist and dictionaries (spec 03 §5, §8). Part of MESSAGES (../messages.ts). */
export const TOUR_MESSAGES = {
  /** Excursion tours and their checklist (spec 03 §5, §8). */
  tours: {
    /** Said on hover over the locked section of a saved catalogue entry (issue 27). */
    catalogSectionFixed: 'Раздел сохранённой записи не меняется: удалите запись и добавьте новую.',
    saved: 'Тур успешно сохранен',
    deleted: 'Тур успешно удален',
    checklistSaved: 'Чеклист успешно сохранен',
    checklistSaveFailed: 'Ошибка сохранения чеклиста',
    /** A PATCH whose points a colleague changed since they were read: nothing saved, these points named. */
    checklistConflict: 'Пункты чеклиста изменены другим пользователем — обновите чеклист и повторите:',
    checklistPointChanged: 'Пункт изменён другим пользователем.',
    checklistPointUnknown: 'Такого пункта нет в чеклисте тура.',
    checklistExists: 'Чеклист этого тура уже создан.',
    checklistMissing: 'У тура ещё нет чеклиста.',
    /** A PATCH's `current`, `past`, … that is not a list of dates or points, and an entry of one that is neither. */
    checklistGroup: 'Ожидается список дат или пунктов чеклиста.',
    checklistEntry: 'Ожидается дата или пункт чеклиста.',
    mealDateFrom: 'Поле Дата от обязательно для заполнения.',
    mealDateTo: 'Поле Дата до обязательно для заполнения.',
    mealPrice: 'Поле Цена обязательно для заполнения.',
    fillRequired: 'Заполните все необходимые поля',
    /** A meal names its supplier or its name (spec 03 §4: Save is disabled without either). */
    mealSupplierOrName: 'Укажите поставщика или название.',
    mealDay: (max: number) => `День тура — от 1 до ${max}.`,
    dayName: 'Поле название обязательно для заполнения.',
    dayDescription: 'Поле описание обязательно для заполнения.',
    transportForthRequired: 'Для этого типа тура укажите транспорт туда.',
    cityRequired: 'Для этого типа тура укажите город.',
    transportBackSame: 'Транспорт обратно не может совпадать с транспортом туда.',
    dateTwice: 'Эта дата уже есть в туре.',
    sectionTwice: 'Этот раздел каталога уже выбран.',
    serviceTwice: 'Эта услуга уже выбрана.',
    tradeOfferTwice: 'Это торговое предложение уже выбрано.',
    serviceUnknown: 'Такой услуги нет.',
    fileLimit: (max: number) => `Не более ${max} файлов.`,
    /** Above a copy (spec 03 §4: copy clears meals, files, photos, videos, day photos and the checklist). */
    copyNotice: 'Это копия: питание, файлы, фото, видео, фото дней и чеклист не скопированы.',
    pastDates: (count: number) => `Прошедшие даты (${count})`,
  },
  /** Spec 03 §8 successes of the tour dictionaries. */
  tourDictionaries: {
    categorySaved: 'Успешно сохранено',
    tradeOfferSaved: 'Торговое предложение успешно сохранено',
    tradeOfferDeleted: 'Торговое предложение успешно удалено',
    typeSaved: 'Тип успешно сохранен',
    typeDeleted: 'Тип успешно удален',
  },
} as const;
