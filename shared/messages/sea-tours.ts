/** Sea tour texts: a part of MESSAGES (../messages.ts). */
import { HOTEL_MESSAGES } from './hotels.js';

export const SEA_TOUR_MESSAGES = {
  /** Sea tours (spec 03 §2.10, §8). */
  seaTours: {
    saved: 'Тур успешно сохранен',
    deleted: 'Тур успешно удален',
    confirmDelete: 'Вы действительно желаете удалить тур?',
    /** A hotel of a commission group that is not in the tour's city. */
    hotelNotInCity: 'Отель не находится в городе тура',
    /** A hotel already in an earlier commission group of the tour. */
    hotelInOtherGroup: 'Отель уже входит в другую группу наценок',
    /** Transport pairs need the bus transfer type. */
    pairsNeedBus: 'Пары транспорта сохраняются только с типом трансфера «Автобус»',
    forthNotToCity: 'Транспорт «туда» не прибывает в город тура',
    backNotFromCity: 'Транспорт «обратно» не отправляется из города тура',
    samePair: 'Такая пара транспорта уже добавлена',
    /** The city select locked: hotels or transports of the city are chosen. */
    cityLocked: 'Город нельзя изменить, пока выбраны отели или транспорт',
    chooseCityFirst: 'Сначала выберите город тура',
    /** The saved toast's title: the hotel editor's, which the sea tour editor follows (the spec names none for sea tours). */
    savedTitle: HOTEL_MESSAGES.hotels.savedTitle,
    /** Titles of the hotel group and transport pair dialogs. */
    groupCreate: 'Добавление группы отелей',
    groupEdit: 'Редактирование группы отелей',
    pairCreate: 'Добавление пары транспорта',
    pairEdit: 'Редактирование пары транспорта',
    /** Above a copy. */
    copyNotice: 'Это копия тура: сохраните её под новым названием.',
  },
} as const;
