/**
 * Vehicle types (spec 02 "Transportation list and form", §3 "Transportation", §4, §5, §7, §9):
 * kind, name and the seat layout that shared/transport/seat-scheme.ts draws.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { flag, requiredChoice, requiredInteger, requiredText, versionField } from '../validation.js';
import { defineResource } from '../resources/define.js';
import { SEAT_SCHEME_LIMITS } from './seat-scheme.js';

/** Spec 02 §3: kinds 1–4. */
export const TRANSPORTATION_KINDS = [
  { id: 1, name: 'Автобус' },
  { id: 2, name: 'Самолёт' },
  { id: 3, name: 'Поезд' },
  { id: 4, name: 'Теплоход' },
] as const;
export const transportationKindName = (kind: number): string => TRANSPORTATION_KINDS.find((item) => item.id === kind)?.name ?? '';

export const TRANSPORTATION_LIMITS = { name: 255, ...SEAT_SCHEME_LIMITS } as const;

const optionalCount = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
  z.number({ error: MESSAGES.validation.integer }).int(MESSAGES.validation.integer).min(0, MESSAGES.validation.min(0)).max(SEAT_SCHEME_LIMITS.doorRows, MESSAGES.validation.max(SEAT_SCHEME_LIMITS.doorRows)).nullable(),
);

/**
 * POST /api/transportation and PUT /api/transportation/{id}: the form's fields (spec 02 §7). With
 * one column at the door there is no second door (spec 02 §4), and without a second door its rows
 * and length are not kept. `seats` is never refused for the layout: the scheme grows rows to place
 * every seat (seat-scheme.ts, issue 25), while the stored fields stay as sent.
 */
export const transportationSchema = z
  .object({
    kind: requiredChoice([1, 2, 3, 4] as const),
    name: requiredText(TRANSPORTATION_LIMITS.name),
    seats: requiredInteger(0, SEAT_SCHEME_LIMITS.seats),
    rear_seats: requiredChoice([4, 5] as const).default(4),
    rows: requiredInteger(0, SEAT_SCHEME_LIMITS.rows),
    columns_at_door: requiredChoice([1, 2] as const).default(2),
    second_door: flag(),
    second_door_rows: optionalCount.optional(),
    second_door_length: optionalCount.optional(),
    version: versionField(),
  })
  .superRefine((value, context) => {
    if (!value.second_door || value.columns_at_door === 1) return;
    for (const field of ['second_door_rows', 'second_door_length'] as const) {
      if (value[field] === null || value[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: MESSAGES.validation.required });
    }
  })
  .transform((value) => {
    const secondDoor = value.second_door && value.columns_at_door === 2;
    return {
      ...value,
      second_door: secondDoor,
      second_door_rows: secondDoor ? (value.second_door_rows ?? null) : null,
      second_door_length: secondDoor ? (value.second_door_length ?? null) : null,
    };
  });

export type TransportationInput = z.input<typeof transportationSchema>;

export interface TransportationRow {
  id: number;
  name: string;
  kind: number;
  kind_name: string;
  seats: number;
  rear_seats: number;
  rows: number;
  columns_at_door: number;
  second_door: boolean;
  second_door_rows: number | null;
  second_door_length: number | null;
  schema_svg: string;
  version: number;
  can_delete: boolean;
}

export const transportationResource = defineResource({
  path: '/transportation',
  createSchema: transportationSchema,
  updateSchema: transportationSchema,
  sortable: ['id', 'name'],
  messages: {
    saved: MESSAGES.transport.transportationSaved,
    deleted: MESSAGES.success.deleted,
    loadFailed: MESSAGES.errors.unexpected,
  },
});
