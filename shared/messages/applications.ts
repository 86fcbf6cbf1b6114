/** Applications (spec 03 §2.1–§2.3, §8): the editor and the pricing engine's refusals, the list, the chat. Part of MESSAGES (../messages.ts). */

export const APPLICATION_MESSAGES = {
  /** Spec 03 (applications, tours, catalogue sections): quoted in English, shown in Russian. */
  applications: {
    editTitle: 'Редактирование', // spec: 'Editing'
    createTitle: 'Создание заявки', // spec: 'Creating an application'
    statusConfirm: (status: string) => `Обратите внимание на статус заявки! Текущий статус — ${status}`, // spec: 'Pay attention to the application status! Current status - X'
    confirmedPaymentRequired: 'Подтверждена, требуется оплата', // spec: 'Confirmed, payment required'
    fullPaymentRequired: 'Требуется полная оплата', // spec: 'Full payment required'
    specifyTour: 'Укажите тур', // spec: 'Specify the tour'
    specifyTitle: 'Укажите заголовок', // spec: 'Specify the title'
    specifyPrice: 'Укажите цену', // spec: 'Specify the price'
    imageUploadFailed: 'Произошла ошибка при загрузке изображения!', // spec: 'An error occurred while uploading the image!'
    exportFailed: 'Произошла непредвиденная ошибка', // spec: 'An unexpected error occurred'
    catalogSectionSaved: 'Успешно сохранено', // spec: 'Saved successfully'
    /** The pricing engine's refusals (issue 18), each a 422 on the named field. */
    noPriceForNight: (date: string) => `Нет цены на ночь ${date}: ни один период цен номера её не покрывает.`,
    noTariff: 'Нет тарифа между выбранными пунктами маршрута.',
    noServicePrice: (date: string) => `Нет цены услуги на ${date}.`,
    noMealPrice: (date: string) => `Нет цены питания на ${date}.`,
    discountMax: (max: number) => `Скидка не может быть больше ${max}.`,
    totalMax: (max: string) => `Итоговая стоимость не может превышать ${max}.`,
    officeSource: 'Создана в офисе',
    /** The application editor (spec 03 §2.3, §8; issue 18). */
    saved: 'Заявка успешно обновлена',
    created: 'Заявка успешно создана',
    loadFailed: 'Произошла непредвиденная ошибка',
    routeChanged: 'Маршрут успешно изменён!',
    routeChangeImpossible: 'Невозможно поменять маршрут для выбранного транспорта, места заняты!',
    stayOrder: 'Дата выезда должна быть позже даты заезда.',
    stayTooLong: (nights: number) => `Проживание не может быть длиннее ${nights} ночей.`,
    personsMax: (max: number) => `В заявке не больше ${max} человек (взрослых и детей).`,
    nobodyInRoom: 'Укажите, кто проживает в номере.',
    roomCap: (max: number) => `В номере не больше ${max} мест этой категории.`,
    agencyUserOnlyForAgency: 'Менеджер агентства указывается только для заявки агентства.',
    agencyCommissionOnlyForAgency: 'Комиссия агентства указывается только для заявки агентства.',
    /** A saved transport leg keeps its transport and departure: its route changes at once (the seats move with it). */
    savedLegFixed: 'У сохранённого участка меняется только маршрут: чтобы сменить транспорт или дату, удалите участок и добавьте новый.',
    childrenAges: (count: number) => `Возрастов детей не больше, чем детей (${count}).`,
    serviceTwice: 'Эта услуга уже есть в заявке.',
    mealTwice: 'Это питание уже есть в заявке.',
    seatTwice: 'Это место уже выбрано в заявке.',
    seatTaken: 'Место уже занято.',
    seatsWithoutTransport: 'Места выбираются только вместе с транспортом.',
    seatsCount: (count: number) => `Мест должно быть столько, сколько едет взрослых и детей (${count}).`,
    notOfProduct: 'Не относится к выбранному продукту.',
    /** The back leg of a bus tour (issue 27): a bus from the forth leg's arrival city to its departure city, leaving after the arrival. */
    notBack: 'Этот рейс не везёт обратно: нужен рейс из города прибытия «Туда» в город отправления «Туда».',
    backBeforeArrival: (arrival: string) => `Обратный рейс уходит раньше, чем рейс «Туда» прибывает (${arrival}).`,
    backNeedsForth: 'Сначала выберите рейс «Туда»: обратный рейс подбирается к нему.',
    noWayBack: (from: string, to: string) => `Нет рейса обратно: ни один автобус не идёт из пункта «${from}» в пункт «${to}» в день прибытия или позже.`,
    priceLocked: 'Цену нельзя изменить: заявка уже не новая или по ней есть оплаты.',
    /** The agency's commission is taken from the price: never more than it (issue 37), so «К оплате агентством» is never below 0. */
    agencyCommissionMax: (price: string) => `Комиссия агентства не может быть больше стоимости заявки (${price}).`,
    agencyCommissionLocked: 'Комиссию агентства можно изменить только в статусе «В работе».',
    prepaymentLocked: 'Предоплату можно изменить только в статусе «Подтверждена, требуется оплата» и без оплат.',
    cancelledLocked: 'Аннулированная заявка не редактируется.',
    /** The Documents tab (issue 28): uploaded PDFs beside the generated voucher and contract. */
    documentsLimit: (max: number) => `К заявке можно загрузить не более ${max} документов.`,
    documentGeneratedKept: 'Сформированный документ удалить нельзя: он формируется по заявке.',
    documentUploaded: (name: string) => `Документ «${name}» загружен.`,
    documentDeleted: 'Документ удалён.',
    documentDeleteConfirm: (name: string) => `Удалить документ «${name}»?`,
    documentPending: 'формируется',
    documentsUpload: 'Загрузить',
    documentsRegenerate: 'Сформировать недостающие документы',
    documentsSlow: 'Документы формируются дольше обычного. Проверьте позже или сформируйте их ещё раз.',
    documentsCheckAgain: 'Проверить',
    documentsNone: 'Документов пока нет.',
    documentsCount: (count: number, max: number, megabytes: number) => `Загружено ${count} из ${max} (PDF, не больше ${megabytes} мб каждый; сформированные не считаются)`,
    cancelOnlyByAction: 'Статус «Аннулирована» ставится только аннулированием заявки.',
    paidNeedsPayment: 'Статус «Оплачена» возможен только при полной оплате или переплате.',
    managerOnlySelf: 'Менеджер может назначить только себя.',
    paymentMethodLocked: 'Способ оплаты меняют только администратор и бухгалтер.',
    paymentsLocked: 'Оплаты вносят и меняют только администратор и бухгалтер.',
    /** Adding a payment before a payment method is chosen on Основное (issue 28). */
    paymentMethodFirst: 'Выберите способ оплаты!',
    /** A row added under the online method (2), which takes no manual payments (spec 03 §5). */
    paymentOnlineOnly: 'Оплата онлайн вносится только онлайн-платежом',
    /** An online row added by the office: online payments come from the system or an outside source. */
    paymentOnlineNotByOffice: 'Онлайн-платёж вносит только система или внешний источник',
    /** Vendor payments (issue 28): the vendor of a saved payment is fixed; paying above the net needs a confirmation. */
    vendorFixed: 'Поставщика сохранённой оплаты изменить нельзя.',
    /** The editor answers it with «Подтвердить переплату?», told by its code `vendor_overpaid` (shared/api.ts). */
    vendorOverpaid: (amount: string, net: string) => `Оплата поставщику ${amount} больше его нетто ${net}: подтвердите переплату.`,
    confirmOverpayment: 'Подтвердить переплату?',
    /** The seat and route changes (issue 18 "Seats"). */
    seatChanged: 'Место успешно изменено!',
    notApplicationSeat: 'Это место не относится к заявке.',
    arrivalAfterDeparture: 'Пункт прибытия должен быть после пункта отправления.',
    /** The list and its row actions (spec 03 §2.1, §8; issue 19). */
    listTitle: 'Заявки',
    listSubtitle: 'Список заявок',
    clientOrAgency: 'Укажите либо клиента, либо агентство.',
    cancelConfirm: 'Вы действительно желаете аннулировать заявку?',
    cancelled: 'Заявка успешно аннулирована',
    cancelFailed: 'Произошла ошибка при аннулировании',
    alreadyCancelled: 'Заявка уже аннулирована.',
    deleted: 'Заявка удалена',
    deleteHasPayments: 'Заявку с оплатами или выплатами поставщикам удалить нельзя.',
    deleteOnlyAdministrator: 'Удалять заявки может только администратор.',
    /** What the editor reads besides the application, when it cannot be read (issue 26): said in its place, with 'Повторить'. */
    productReadFailed: 'Не удалось загрузить данные продукта',
    productsReadFailed: 'Не удалось загрузить данные отелей и транспорта заявки',
    takenSeatsReadFailed: 'Не удалось загрузить занятые места',
    totalsFailed: 'Не удалось пересчитать итоги',
    /** The totals of a form the pricing refused (a 422): only empty required fields, or the first reason. */
    totalsWaitRequired: 'Итоги посчитаются, когда будут заполнены обязательные поля.',
    totalsRefused: (reason: string) => `Итоги не посчитаны: ${reason}`,
    /** An unsaved form not yet priceable: what it lacks (no calc-totals is asked until it has them). */
    totalsNeed: (steps: string[]) => `Для расчёта итогов ${steps.join(', ')}.`,
    totalsMissing: {
      type: 'выберите тип заявки',
      product: 'выберите продукт',
      requester: 'выберите заказчика',
      stay: 'добавьте проживание',
      tourDate: 'выберите дату тура',
      forth: 'добавьте транспорт «Туда»',
    },
    /** The totals block's lines (spec 03 §2.3): the estimate only where a product is priced, the price otherwise. */
    totalsTitle: 'Итоги',
    totalsLabels: {
      estimated_price_without_discount: 'Расчётная цена без скидки',
      price_without_discount: 'Цена без скидки',
      discount: 'Скидка',
      price_total: 'Итоговая цена',
      agency_commission: 'Комиссия агентства',
      agency_to_pay: 'Агентство платит',
    },
    /** The payments' lines of the totals block (issue 28): paid (refunds counted) and what is still owed. */
    totalsPaymentLabels: { paid: 'Оплачено', to_pay: 'К оплате' },
    totalsMaxDiscount: (sum: string) => `Скидка не больше ${sum}`,
    /** A stay's guests as the tables name them: only the non-zero counts, the extra places named («2 взр., 1 реб. на доп. месте»). */
    guestShort: {
      adult_count: 'взр.',
      child_count: 'реб.',
      adv_adult_count: 'взр. на доп. месте',
      adv_child_count: 'реб. на доп. месте',
      child_without_count: 'реб. без места',
    },
    /** The meal select's empty choice; «Не выбрано» where the room's meals have a «Без питания» of their own. */
    noMeal: 'Без питания',
    mealNotChosen: 'Не выбрано',
    /** A cancelled application in the editor: what it still takes (the rule table's `whenCancelled`). */
    /** Who travels and what a priced application carries (issue 27): the persons rules and the product's row. */
    touristsOverPersons: (tourists: number, persons: { adults: number; children: number }) =>
      `Туристов больше, чем едет человек: туристов ${tourists}, а в заявке взрослых ${persons.adults} и детей ${persons.children}. Увеличьте число взрослых или детей.`,
    stayOverPersons: (stay: { adults: number; children: number }, persons: { adults: number; children: number }) =>
      `В проживании взрослых ${stay.adults} и детей ${stay.children}, а в заявке взрослых ${persons.adults} и детей ${persons.children}. Увеличьте число взрослых или детей.`,
    stayRequired: 'Добавьте проживание: без него у заявки нет цены.',
    tourDateRequired: 'Выберите дату тура: без неё у заявки нет цены.',
    forthLegRequired: 'Добавьте транспорт «Туда»: без него у заявки нет цены.',
    /** The editor raised the counts to the tourists and stays entered: what that changes. */
    countsRaised: (before: { adults: number; children: number }, after: { adults: number; children: number }, seatLegs: number) =>
      `Взрослых теперь ${after.adults}, детей ${after.children} (было ${before.adults} и ${before.children}) — по введённым туристам и проживанию. Цена пересчитана` +
      (seatLegs > 0 ? `; на ${seatLegs === 1 ? 'участке' : 'каждом участке'} с транспортом нужно мест: ${after.adults + after.children} (на ${after.adults + after.children - before.adults - before.children} больше).` : '.'),
    cancelledNotice: 'Заявка аннулирована: изменить можно только оплаты и выплаты поставщикам.',
  },
  /** The applications list screen (spec 03 §2.1; issue 19): its labels beyond the spec's quoted texts. */
  applicationList: {
    /** The search box says what it searches (issue 27): an agency's applications are found by the agency filter. */
    searchPlaceholder: 'Номер, ФИО, телефон, e-mail',
    sendMessage: 'Отправить сообщение',
    cancel: 'Аннулировать',
    editedFromFront: 'Изменена на сайте',
    requesterInactive: 'Заказчик неактивен',
    forth: 'Туда',
    back: 'Обратно',
    transferForth: 'Трансфер туда',
    transferBack: 'Трансфер обратно',
    total: 'Итого',
    agencyTotal: 'Агентству',
    paid: 'Оплачено',
    toPay: 'К оплате',
    resetFilters: 'Сбросить фильтры',
    selectRow: (number: string) => `Выбрать заявку №${number}`,
  },
  /**
   * The vendor summary's columns (Учет ДС; shared/applications/vendor-payments.ts VENDOR_SUMMARY_COLUMNS):
   * the one list of their titles — analytics' vendor-payment columns are its `columns`.
   */
  vendorSummary: {
    columns: { accommodations: 'Проживание', individual_services: 'Индивидуальные услуги', group_services: 'Групповые услуги', transports: 'Транспорт' },
    total: 'Итого',
    paid: 'Оплачено',
    surcharge: 'Доплата',
  },
  /** The generated voucher and contract (spec 03 §8; issue 28 "Generated documents"). */
  generatedDocuments: {
    queued: 'Недостающие документы будут догенерированы в ближайшее время', // spec 03 §8
    complete: 'Все документы уже сформированы',
  },
  /** The chat with the requester and the bulk message (spec 03 §2.2, §8; issue 19). */
  applicationChat: {
    title: (number: string, requester: string) => `Заявка №${number}. Чат с ${requester}`,
    empty: 'Сообщений нет',
    sent: 'Сообщение отправлено',
    sendFailed: 'Произошла ошибка при отправке сообщения',
    bulkFailed: 'Произошла ошибка при Отправке сообщения',
    readAllFailed: 'Произошла ошибка',
    bulkTitle: 'Отправка сообщения',
    chatButton: 'Чат',
    send: 'Отправить',
    placeholder: 'Сообщение',
    unreadTitle: (count: number) => `Непрочитанных сообщений: ${count}`,
    sentAt: 'Отправлено',
    readAt: 'Прочитано',
    notRead: 'Не прочитано',
    requesterInactive: 'Заказчик неактивен: сообщения ему не отправляются.',
    notOfRequesterType: 'Заявка не от заказчика этого типа.',
    unknownApplication: 'Заявка не найдена.',
    noneActive: 'Все выбранные заказчики неактивны: сообщение не отправлено.',
    skippedInactive: (count: number) => `Не отправлено заказчикам, которые неактивны: ${count}`,
  },
  /** The Comments tab of an application from an outside service: its supplier's messages and ours (spec 03 §2.3, §8; issue 31). */
  applicationComments: {
    tab: 'Комментарии', // spec: 'Comments'
    empty: 'Сообщений нет',
    loadFailed: 'Не удалось загрузить сообщения поставщика',
    ours: 'Мы',
    supplier: 'Поставщик',
    type: 'Тип сообщения',
    text: 'Сообщение',
    send: 'Отправить',
    sent: 'Сообщение отправлено поставщику',
    /** When the server's answer has no message of its own (spec 03 §8: the first server message otherwise). */
    sendFailed: 'Произошла ошибка при отправке сообщения',
    noTypes: 'Поставщик не принимает сообщения по этой заявке',
    counter: (length: number, max: number) => `${length} / ${max}`,
  },
} as const;
