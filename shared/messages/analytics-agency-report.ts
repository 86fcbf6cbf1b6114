/** The analytics' agency report (spec 03 §2.12, §5 "Analytics", issue 29). Part of MESSAGES (../messages.ts). */
export const ANALYTICS_AGENCY_REPORT_MESSAGES = {
  analyticsAgencyReport: {
    action: 'Отчет по агентствам',
    title: 'Отчет по агентствам',
    /** Spec 03 §5: the agency report needs a from or to date; said under both fields. */
    datesRequired: 'Укажите дату начала или окончания периода.',
    /** The creation period's two dates. */
    period: 'Дата создания',
    statuses: 'Статусы',
    productTypes: 'Типы заявок',
    sources: 'Источники',
    byEmployees: 'По сотрудникам',
    sheet: 'Отчет по агентствам',
    agency: 'Агентство',
    employee: 'Сотрудник агентства',
    /** An application without an agency employee, in the employee's subtotal row. */
    noEmployee: 'Не указан',
    agencyTotals: 'Итого по агентству',
    employeeTotals: 'Итого по сотруднику',
    totals: 'Итого',
  },
} as const;
