/** Route texts: a part of MESSAGES (../messages.ts). */
export const TOUR_ROUTE_MESSAGES = {
  /** Spec 03 §2.4, §5, §8: routes (transport routes with hotels per point). */
  tourRoutes: {
    saved: 'Маршрут успешно сохранен',
    deleted: 'Маршрут успешно удален',
    loadFailed: 'Произошла непредвиденная ошибка',
    saveFailedTitle: 'Ошибка сохранения',
    saveFailedText: 'Проверьте правильность заполнения полей формы и попробуйте еще раз',
    confirmDelete: 'Вы действительно желаете удалить маршрут?',
    backBeforeForth: 'Дата возвращения не может быть раньше даты отправления',
    forthAfterBack: 'Дата отправления не может быть позже даты возвращения',
    pointTwice: 'Эта точка маршрута уже указана',
    notTransportPoint: 'Точка не входит в маршрут выбранного транспорта',
    hotelTwice: 'Этот отель уже выбран для точки',
    hotelNotInCity: 'Отель не находится в городе этой точки',
    /** A tab's points before a transport is chosen. */
    chooseTransport: 'Выберите транспорт, чтобы увидеть точки маршрута',
    noPoints: 'У транспорта нет точек маршрута',
  },
} as const;
