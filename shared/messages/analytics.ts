/** Analytics' screen: filters, totals, table, charts and export (spec 03 §2.12, §3 "Analytics row", issue 29). Part of MESSAGES (../messages.ts). */
import { APPLICATION_MESSAGES } from './applications.js';

export const ANALYTICS_MESSAGES = {
  analytics: {
    /** A vendor or a service the breakdown does not name (spec 03 §3: a placeholder). */
    unknown: 'Не указан',
    /** `product_id` is one product of the chosen kind: without the kind it means nothing. */
    productNeedsSubject: 'Сначала выберите предмет.',
    /** The agency-employee picker lists one agency's employees: without the agency it has nothing to offer. */
    agencyUserNeedsAgency: 'Сначала выберите агентство.',
    filters: {
      statuses: 'Статусы',
      /** No status chosen: every status but the cancelled one (docs/analytics.md). */
      statusesAll: 'все, кроме отменённых',
      paymentStatus: 'Статус оплаты',
      paymentMethod: 'Способ оплаты',
      city: 'Город',
      client: 'Клиент',
      agency: 'Агентство',
      vendor: 'Поставщик',
      manager: 'Менеджер',
      subject: 'Предмет',
      agencyUser: 'Сотрудник агентства',
      type: 'Тип заявки',
      product: 'Продукт',
      startDate: 'Дата начала',
      createdFrom: 'Создана с',
      createdTo: 'Создана по',
      source: 'Источник',
      platform: 'Платформа',
      direction: 'Направление',
      reset: 'Сбросить фильтры',
      /** The filter panel's toggle, with the number of filters set. */
      toggle: (count: number) => (count > 0 ? `Фильтры (${count})` : 'Фильтры'),
    },
    totals: {
      applications: 'Заявок',
      priceTotal: 'Стоимость',
      proceeds: 'Выручка',
      agencyCommission: 'Комиссия агентств',
      vendorsPayments: 'Поставщикам',
      vendorsPaid: 'Оплачено поставщикам',
      paymentsSum: 'Оплачено клиентами',
      people: 'Человек',
      /** The totals block's name (a region of the screen). */
      title: 'Итоги',
      tourists: 'Туристов',
      adults: 'Взрослых',
      children: 'Детей',
      servicesCount: 'Услуг',
    },
    /** The vendor-payment columns: the vendor summary's columns (shared/applications/vendor-payments.ts), titled once. */
    vendorColumns: APPLICATION_MESSAGES.vendorSummary.columns,
    /** The agency-commission columns. */
    commissionColumns: { accommodations: 'Проживание', transports: 'Транспорт', services: 'Услуги' },
    columns: {
      number: 'Номер заявки',
      createdAt: 'Создана',
      type: 'Тип',
      status: 'Статус',
      requester: 'Заказчик',
      people: 'Люди',
      accommodations: 'Проживание',
      transports: 'Транспорт',
      services: 'Услуги',
      requiredServices: 'Обязательные услуги',
      additionalServices: 'Дополнительные услуги',
      priceWithoutDiscount: 'Цена без скидки',
      manualPrice: 'Цена вручную',
      discount: 'Скидка',
      priceTotal: 'Стоимость',
      agency: 'Агентство',
      agencyCommission: 'Комиссия агентства',
      vendorsPayments: 'Поставщикам',
      payable: 'К оплате',
      paid: 'Оплачено',
      payments: 'Платежи',
      proceeds: 'Выручка',
    },
    charts: {
      byMonth: 'Выручка и люди по месяцам',
      byDirection: 'Выручка по направлениям',
      /** An application is counted under each direction its city belongs to: the chart says so. */
      byDirectionNote: 'Заявка учитывается в каждом направлении, в которое входит её город.',
      bySource: 'Выручка по источникам',
      proceeds: 'Выручка',
      proceedsLastYear: 'Выручка год назад',
      people: 'Люди',
      peopleLastYear: 'Люди год назад',
      empty: 'Нет данных за период',
    },
    export: 'Экспорт в Excel',
    sheet: 'Аналитика',
    empty: 'Нет заявок по выбранным фильтрам',
  },
} as const;
