/**
 * The analytics' totals (`GET /analytics/totals`, docs/analytics.md "Definitions"): one tile per sum,
 * money in the office's money format, counts grouped by three; the vendors' payments and the people
 * show their parts under the total.
 */
import type { AnalyticsTotals as Totals } from '@shared/analytics/analytics';
import { formatMoney, formatNumber } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import type { ReactNode } from 'react';

const T = MESSAGES.analytics.totals;
const V = MESSAGES.analytics.vendorColumns;

function Tile({ label, value, parts, testId }: { label: string; value: string; parts?: [string, string][]; testId: string }) {
  return (
    <div className="analytics-tile" data-testid={`analytics-total-${testId}`}>
      <div className="analytics-tile-label">{label}</div>
      <div className="analytics-tile-value">{value}</div>
      {parts && (
        <dl className="analytics-tile-parts">
          {parts.map(([name, part]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{part}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

export function AnalyticsTotals({ totals, failure }: { totals: Totals | undefined; failure?: ReactNode }) {
  if (failure) return <>{failure}</>;
  const money = (value: number | undefined) => (value === undefined ? '…' : formatMoney(value));
  const count = (value: number | undefined) => (value === undefined ? '…' : formatNumber(value));
  const vendors = totals?.vendors_payments;
  const people = totals?.people;
  return (
    <section className="analytics-totals" aria-label={T.title}>
      <Tile testId="applications" label={T.applications} value={count(totals?.applications_count)} />
      <Tile testId="price" label={T.priceTotal} value={money(totals?.price_total)} />
      <Tile testId="proceeds" label={T.proceeds} value={money(totals?.proceeds)} />
      <Tile testId="commission" label={T.agencyCommission} value={money(totals?.agency_commission)} />
      <Tile testId="payments" label={T.paymentsSum} value={money(totals?.payments_sum)} />
      <Tile
        testId="vendors"
        label={T.vendorsPayments}
        value={money(vendors?.total)}
        parts={[
          [V.accommodations, money(vendors?.accommodations)],
          [V.individual_services, money(vendors?.individual_services)],
          [V.group_services, money(vendors?.group_services)],
          [V.transports, money(vendors?.transports)],
          [T.vendorsPaid, money(totals?.vendors_paid)],
        ]}
      />
      <Tile
        testId="people"
        label={T.people}
        value={count(people?.total)}
        parts={[
          [T.adults, count(people?.adult_count)],
          [T.children, count(people?.child_count)],
          [T.tourists, count(people?.tourists)],
        ]}
      />
      <Tile testId="services" label={T.servicesCount} value={count(totals?.services_count)} />
    </section>
  );
}
