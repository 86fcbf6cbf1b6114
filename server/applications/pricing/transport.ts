/** A bus transport item: per passenger the fare of its segment plus the departure's markup (docs/pricing.md "Bus transport"). */
import { MESSAGES } from '../../../shared/messages.js';
import { decimal, type MoneyDecimal, type MoneyLike } from '../../../shared/money.js';
import { DEPARTURE_TYPE } from '../../../shared/transport/constants.js';
import { PricingError } from './errors.js';
import { isoWeekday, line, pairMarkup, percentMarkup, type Line } from './lines.js';
import type { CommissionPair, CommissionPairColumns, TransportItemInput } from './types.js';

/** Whose markup a transport item takes: its departure's day or date row, an excursion tour's transport pair, or a sea tour's bus percent. */
export type TransportMarkup = { kind: 'own' } | { kind: 'pair'; pair: CommissionPair } | { kind: 'percent'; percent: MoneyLike };

/** The adult and the child fare: the whole route at the transport's prices, a segment at its tariff (one for both). */
function fares(item: TransportItemInput, index: number): { adult: MoneyDecimal; child: MoneyDecimal } {
  const { transport } = item;
  if (item.from_position === 0 && item.to_position === transport.finish_position) {
    return { adult: decimal(transport.adult_price), child: decimal(transport.child_price) };
  }
  const tariff = transport.tariffs.find((row) => row.from_position === item.from_position && row.to_position === item.to_position);
  if (!tariff) throw new PricingError('no_tariff', `transports.${index}.to_route_id`, MESSAGES.applications.noTariff);
  return { adult: decimal(tariff.tariff), child: decimal(tariff.tariff) };
}

/** The departure's markup row: the weekday's for weekly departures, the date's for dated ones; none is no markup. */
function departureRow(item: TransportItemInput): CommissionPairColumns | undefined {
  const { transport } = item;
  if (transport.departure_type === DEPARTURE_TYPE.dates) return transport.dates.find((row) => row.start_date === item.departure_date);
  const weekday = isoWeekday(item.departure_date);
  return transport.days.find((row) => row.number === weekday);
}

export function priceTransport(item: TransportItemInput, index: number, policy: TransportMarkup): Line {
  const fare = fares(item, index);
  const passengers = item.adult_count + item.child_count;
  const net = fare.adult.times(item.adult_count).plus(fare.child.times(item.child_count));
  let markup: MoneyDecimal;
  if (policy.kind === 'own') {
    const row = departureRow(item);
    markup = row ? pairMarkup(row.commission_type, row.commission_sum, net, passengers) : net.times(0);
  } else if (policy.kind === 'pair') {
    markup = pairMarkup(policy.pair.type, policy.pair.sum, net, passengers);
  } else {
    markup = percentMarkup(net, policy.percent);
  }
  return line({ list: 'transports', index }, 'transport', item.transport.vendor_id, net, markup);
}
