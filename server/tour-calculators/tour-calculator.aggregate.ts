/**
 * The tour calculator aggregate in tables (migrations/1765600003000-TourCalculators.ts) for the
 * aggregate store, and the two mappings around it: validated body (with the results the save
 * computed) → rows, stored rows → the editor's record (GET /api/tours/calculators/{id}).
 */
import type { CalculatorResult } from '../../shared/tour-calculators/rules.js';
import type { CalculatorService, TourCalculator } from '../../shared/tour-calculators/schema.js';
import type { CalculatorRecord } from '../../shared/tour-calculators/types.js';
import { defineAggregate, joinPath, namedReference, narrow, type AggregateNode, type StoredAggregate } from '../common/aggregate/declaration.js';

type Day = TourCalculator['days'][number];

export const TOUR_CALCULATOR_AGGREGATE = defineAggregate({
  table: 'tour_calculators',
  columns: {
    name: 'varchar',
    tour_id: 'integer?',
    duration: 'smallint',
    adult_count: 'smallint',
    child_count: 'smallint',
    retiree_count: 'smallint',
    free_count: 'smallint',
    commission_sum: 'numeric',
    services: narrow<CalculatorService[]>()('jsonb'),
    additional_services: narrow<TourCalculator['additional_services']>()('jsonb'),
    results: narrow<CalculatorResult[]>()('jsonb'),
  },
  references: { tour: namedReference('tours', 'tour_id') },
  links: {},
  collections: {
    days: {
      table: 'tour_calculator_days',
      parentColumn: 'calculator_id',
      columns: {
        position: 'smallint',
        name: 'varchar',
        description: 'text?',
        tour_guide_price: 'numeric',
        auto_price: 'numeric',
        meals: narrow<Day['meals']>()('jsonb'),
        services: narrow<Day['services']>()('jsonb'),
        additional_services: narrow<Day['additional_services']>()('jsonb'),
      },
      orderBy: 'position, id',
    },
    hotels: {
      table: 'tour_calculator_hotels',
      parentColumn: 'calculator_id',
      columns: { position: 'smallint', hotel_id: 'integer', arrival_day: 'smallint', departure_day: 'smallint', meal_id: 'integer?' },
      orderBy: 'position, id',
      references: { hotel: { table: 'hotels', via: 'hotel_id', columns: { name: 'varchar', city_id: 'integer' } }, meal: namedReference('meals', 'meal_id') },
      collections: {
        rooms: {
          table: 'tour_calculator_rooms',
          parentColumn: 'hotel_row_id',
          columns: { position: 'smallint', name: 'varchar', count: 'smallint', duration: 'smallint', sum: 'numeric', extra_sum: 'numeric' },
          orderBy: 'position, id',
        },
      },
    },
  },
});

/** The rows of a validated calculator and the results its save computed. */
export function tourCalculatorNode(calculator: TourCalculator, results: CalculatorResult[]): AggregateNode {
  const { days, hotels, version: _version, ...values } = calculator;
  return {
    path: '',
    values: { ...values, results },
    collections: {
      days: days.map(({ id, ...day }, index) => ({ id: id ?? null, path: joinPath('days', index), values: { ...day, position: index } })),
      hotels: hotels.map(({ id, rooms, ...hotel }, index) => {
        const path = joinPath('hotels', index);
        return {
          id: id ?? null,
          path,
          values: { ...hotel, position: index },
          collections: { rooms: rooms.map(({ id: roomId, ...room }, position) => ({ id: roomId ?? null, path: joinPath(path, 'rooms', position), values: { ...room, position } })) },
        };
      }),
    },
  };
}

/** GET /api/tours/calculators/{id}. */
export function tourCalculatorRecord(stored: StoredAggregate<typeof TOUR_CALCULATOR_AGGREGATE>, canDelete: boolean): CalculatorRecord {
  const { row } = stored;
  return {
    id: row.id,
    version: row.version,
    tour_id: row.tour_id,
    tour: row.tour,
    name: row.name,
    duration: row.duration,
    adult_count: row.adult_count,
    child_count: row.child_count,
    retiree_count: row.retiree_count,
    free_count: row.free_count,
    commission_sum: row.commission_sum,
    days: stored.collections.days.map(({ row: day }) => ({
      id: day.id,
      name: day.name,
      description: day.description,
      tour_guide_price: day.tour_guide_price,
      auto_price: day.auto_price,
      meals: day.meals,
      services: day.services,
      additional_services: day.additional_services,
    })),
    hotels: stored.collections.hotels.map((hotel) => ({
      id: hotel.row.id,
      hotel_id: hotel.row.hotel_id,
      hotel_name: hotel.row.hotel.name,
      city_id: hotel.row.hotel.city_id,
      arrival_day: hotel.row.arrival_day,
      departure_day: hotel.row.departure_day,
      meal_id: hotel.row.meal_id,
      meal_name: hotel.row.meal?.name ?? null,
      rooms: hotel.collections.rooms.map(({ row: room }) => ({ id: room.id, name: room.name, count: room.count, duration: room.duration, sum: room.sum, extra_sum: room.extra_sum })),
    })),
    services: row.services,
    additional_services: row.additional_services,
    results: row.results,
    can_delete: canDelete,
  };
}
