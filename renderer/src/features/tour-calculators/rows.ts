/** The fields of the calculator's short rows (InlineRows): meals, services, additional services, rooms — one definition each, used by the days' dialog, the tour's tabs and the hotels' dialog. */
import type { IdName } from '@shared/api';
import { CALCULATOR_LIMITS as L, CALCULATOR_SERVICE_TYPES, CalculatorServiceType } from '@shared/tour-calculators/constants';
import type { FieldSpec } from '../../common/form/fields';
import type { ExtraValues, MealValues, RoomValues, ServiceValues } from './form';

const money = { kind: 'number', money: true, min: 0, max: L.price } as const;

export const mealFields = (meals: IdName[]) => (): FieldSpec<MealValues>[] => [
  { kind: 'select', name: 'id', label: 'Из справочника', options: { items: meals }, clearable: true },
  { kind: 'text', name: 'name', label: 'Питание', required: true },
  { ...money, name: 'sum', label: 'Цена на человека', required: true },
];

export const serviceFields =
  (services: IdName[]) =>
  (service: ServiceValues): FieldSpec<ServiceValues>[] => [
    { kind: 'select', name: 'id', label: 'Из справочника', options: { items: services }, clearable: true },
    { kind: 'text', name: 'name', label: 'Услуга', required: true },
    { kind: 'select', name: 'type', label: 'Тип', required: true, options: { items: [...CALCULATOR_SERVICE_TYPES] } },
    ...(Number(service.type) === CalculatorServiceType.PerPerson
      ? ([
          { ...money, name: 'adult_price', label: 'Взрослый' },
          { ...money, name: 'child_price', label: 'Ребёнок' },
          { ...money, name: 'retiree_price', label: 'Пенсионер' },
        ] as const)
      : ([{ ...money, name: 'total_price', label: 'На группу' }] as const)),
  ];

export const extraFields = (): FieldSpec<ExtraValues>[] => [
  { kind: 'text', name: 'name', label: 'Услуга', required: true },
  { ...money, name: 'sum', label: 'Цена на человека', required: true },
];

export const roomFields = (): FieldSpec<RoomValues>[] => [
  { kind: 'text', name: 'name', label: 'Номер', required: true },
  { kind: 'number', name: 'count', label: 'Количество', min: 0, max: L.count, required: true },
  { kind: 'number', name: 'duration', label: 'Ночей', min: 0, max: L.nights, required: true },
  { ...money, name: 'sum', label: 'Цена за ночь', required: true },
  { ...money, name: 'extra_sum', label: 'Доп. сумма' },
];

/** A handbook's row picked: its name becomes the row's (it may still be changed). */
export const namedFrom =
  (handbook: IdName[]) =>
  <Row extends { id: number | null; name: string }>(row: Row, key: keyof Row, value: unknown): Row =>
    key === 'id' && value !== null ? { ...row, name: handbook.find((item) => item.id === value)?.name ?? row.name } : row;
