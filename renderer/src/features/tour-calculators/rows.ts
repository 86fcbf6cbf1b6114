/**
 * The calculator's short rows (InlineRows): meals, services, additional services and rooms — one
 * definition each (fields, blank row, what a handbook pick fills in, the add button), used by the
 * days' dialog, the tour's own tabs and the hotels' dialog.
 */
import type { IdName } from '@shared/api';
import { CALCULATOR_LIMITS as L, CALCULATOR_SERVICE_TYPES, CalculatorServiceType } from '@shared/tour-calculators/constants';
import type { CalculatorData } from '@shared/tour-calculators/types';
import type { FieldSpec } from '../../common/form/fields';
import { blankExtra, blankMeal, blankService, type ExtraValues, type MealValues, type RoomValues, type ServiceValues } from './form';

const money = { kind: 'number', money: true, min: 0, max: L.price } as const;

/** A handbook's row picked: its name becomes the row's (it may still be changed). */
const namedFrom =
  (handbook: IdName[]) =>
  <Row extends { id: number | null; name: string }>(row: Row, key: keyof Row, value: unknown): Row =>
    key === 'id' && value !== null ? { ...row, name: handbook.find((item) => item.id === value)?.name ?? row.name } : row;

/** What InlineRows needs to know of a kind of row. */
export interface RowKind<Row> {
  fields: (row: Row) => FieldSpec<Row>[];
  blank: () => Row;
  change?: (row: Row, key: keyof Row, value: unknown) => Row;
  addText: string;
}

export interface PricedRows {
  meals: MealValues;
  services: ServiceValues;
  additional_services: ExtraValues;
}

/** Meals and services may be picked from the handbooks of `/data` or typed by name. */
export const pricedRows = (data: CalculatorData): { [Key in keyof PricedRows]: RowKind<PricedRows[Key]> } => ({
  meals: {
    fields: () => [
      { kind: 'select', name: 'id', label: 'Из справочника', options: { items: data.meals }, clearable: true },
      { kind: 'text', name: 'name', label: 'Питание', required: true },
      { ...money, name: 'sum', label: 'Цена на человека', required: true },
    ],
    blank: blankMeal,
    change: namedFrom(data.meals),
    addText: 'Добавить питание',
  },
  services: {
    fields: (service) => [
      { kind: 'select', name: 'id', label: 'Из справочника', options: { items: data.services }, clearable: true },
      { kind: 'text', name: 'name', label: 'Услуга', required: true },
      { kind: 'select', name: 'type', label: 'Тип', required: true, options: { items: [...CALCULATOR_SERVICE_TYPES] } },
      ...(Number(service.type) === CalculatorServiceType.PerPerson
        ? ([
            { ...money, name: 'adult_price', label: 'Взрослый' },
            { ...money, name: 'child_price', label: 'Ребёнок' },
            { ...money, name: 'retiree_price', label: 'Пенсионер' },
          ] as const)
        : ([{ ...money, name: 'total_price', label: 'На группу' }] as const)),
    ],
    blank: blankService,
    change: namedFrom(data.services),
    addText: 'Добавить услугу',
  },
  additional_services: {
    fields: () => [
      { kind: 'text', name: 'name', label: 'Услуга', required: true },
      { ...money, name: 'sum', label: 'Цена на человека', required: true },
    ],
    blank: blankExtra,
    addText: 'Добавить услугу',
  },
});

export const roomFields = (): FieldSpec<RoomValues>[] => [
  { kind: 'text', name: 'name', label: 'Номер', required: true },
  { kind: 'number', name: 'count', label: 'Количество', min: 0, max: L.count, required: true },
  { kind: 'number', name: 'duration', label: 'Ночей', min: 0, max: L.nights, required: true },
  { ...money, name: 'sum', label: 'Цена за ночь', required: true },
  { ...money, name: 'extra_sum', label: 'Доп. сумма' },
];
