/** Transport texts: a part of MESSAGES (../messages.ts). */
export const TRANSPORT_MESSAGES = {
  /** Transport (spec 02 §4, §5, §8; spec 01 §2.15): vehicle types, bus transports, schedules, the seat dashboard. */
  transport: {
    transportationSaved: 'Транспорт успешно сохранен',
    transportSaved: 'Направление успешно сохранено',
    dateDataSaved: 'Успешно сохранено',
    booked: 'Бронь установлена!',
    unbooked: 'Бронь снята!',
    notifyQueued: 'Уведомления будут отправлены в ближайшее время!',
    /** Asked before a manual booking is cancelled and before notifications are sent (issue 16). */
    confirmUnbook: (number: number, from: string, to: string) => `Снять бронь места ${number} (${from} → ${to})?`,
    unbook: 'Снять бронь',
    confirmNotify: (name: string) => `Отправить уведомление об отправлении «${name}» туристам его заявок?`,
    notify: 'Отправить уведомление',
    /** The schedule's Сохранить: bookings and departures are saved as they are made; the button reads the date again. */
    scheduleSaved: 'Все изменения сохранены',
    /** The seat dialog when every part of the route is booked for the seat. */
    seatFullyBooked: 'Место забронировано на всём маршруте.',
    /** Above a bus tour's copy (spec 02 §4: tariffs reset to zero on copy). */
    copyNotice: 'Это копия: тарифы сброшены в 0 — укажите цены на вкладке «Тарифы». Прошедшие даты отправления не скопированы.',
    /** Spec 02 §5: the toast of an intermediate stop with empty fields. */
    fillAllFields: 'Заполните все необходимые поля',
    /** Spec 02 §5: the name hint ("hint suggests adding the trip date"). */
    nameHint: 'Название должно быть уникальным: добавьте, например, дату рейса',
    seatTaken: 'Место уже забронировано на этом участке маршрута',
    noSuchSeat: 'Такого места нет в схеме салона',
    noSegment: 'Маршрут не ведёт из выбранного города в выбранный город',
    noDeparture: 'В эту дату рейса нет',
    /** A manual booking on a departure that has already left (today, by the server's calendar, is still bookable). */
    bookingPast: 'Нельзя забронировать место на прошедшую дату',
    /** Departure data names only applications with seats on that transport and date. */
    applicationsNotSeated: (numbers: string) => `Заявки без мест на этом рейсе в эту дату: ${numbers}`,
    onlyManual: 'Снять можно только ручную бронь: место занято туристом заявки',
    dayTaken: 'Этот день уже выбран',
    dayFixed: 'День недели нельзя изменить',
    datePast: 'Дата не может быть в прошлом',
    dateTaken: 'Эта дата уже добавлена',
    dateFixed: 'Дату нельзя изменить',
    /** The departure mode switch is locked while the current mode has rows (spec 02 §4). */
    modeLocked: 'Сначала удалите все дни или даты текущего режима',
    dayAfterDuration: (duration: number) => `Значение не может быть больше продолжительности (${duration})`,
    departureBeforeArrival: 'День отправления не может быть раньше дня прибытия',
    stopBeforePrevious: 'День прибытия не может быть раньше дня отправления с предыдущей остановки',
    tariffPair: 'Тариф задаётся только для пары пунктов маршрута по порядку следования',
    tariffTwice: 'Тариф для этой пары пунктов указан дважды',
    finishBeforeStart: 'Дата окончания не может быть раньше даты начала',
    /** A save that would move route points or departures out from under existing bookings. */
    bookingsInTheWay: (bookings: string) => `Нельзя изменить: есть брони мест (${bookings}). Сначала снимите их.`,
    secondDoorNeedsTwoColumns: 'Вторая дверь возможна только при двух колонках у двери',
    capacityHint: (capacity: number) => `Схема вмещает мест: ${capacity}`,
    /** The declared rows and the rear bench hold fewer places than `seats`: the scheme drew full rows after the declared ones. */
    schemeGrown: (rows: number) => `Схема дополнена рядами: ${rows} — в указанные ряды и задний ряд помещаются не все места`,
    /** Spec 01 §2.15. */
    dashboardTitle: 'Главная',
    dashboardLoading: 'Загрузка…',
    dashboardNoData: 'Нет данных',
    sum: 'Сумма',
    notifySubject: (transport: string, date: string) => `Информация о рейсе «${transport}» ${date}`,
    notifyLog: (count: number, kept: number) => `Уведомления о рейсе отправлены: ${count - kept} из ${count}`,
  },
} as const;
