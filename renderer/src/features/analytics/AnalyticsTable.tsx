/**
 * The analytics' table (`GET /analytics?page=&limit=&<filters>`, spec 03 §3 "Analytics row"), newest
 * first: a row per application — its number (the editor's link), created, type, status, requester,
 * people, its stays, legs and services as short lines with their vendor, then the money. The table
 * is wide: it scrolls sideways inside its card, the number column staying in view.
 */
import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { AnalyticsItem, AnalyticsRow } from '@shared/analytics/analytics';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { routePath } from '@shared/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

const C = MESSAGES.analytics.columns;
const T = MESSAGES.analytics.totals;
const V = MESSAGES.analytics.vendorColumns;
const K = MESSAGES.analytics.commissionColumns;

/** A sum's parts, a line each (`Проживание: 1 000,00 ₽`), for the cell's hover text; none when it has none. */
const breakdown = (parts: [string, number][]) => (parts.length === 0 ? undefined : parts.map(([name, sum]) => `${name}: ${formatMoney(sum)}`).join('\n'));

/** A cell's lines: each its name, and under it, muted, the vendor, the server's detail (a stay's dates, a leg's route and day, a service's count) and the price. */
function Items({ items }: { items: AnalyticsItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="analytics-items">
      {items.map((item, index) => {
        const about = [item.vendor, item.detail, formatMoney(item.price)].filter(Boolean).join(' · ');
        return (
          <li key={index}>
            <Line text={item.name} />
            <Line text={about} className="analytics-item-about bp6-text-muted" />
          </li>
        );
      })}
    </ul>
  );
}

/** One line of a cell, cut with '…' at the column's width and shown whole on hover: a row is a stack of such lines. */
function Line({ text, className, children }: { text: string; className?: string; children?: ReactNode }) {
  return (
    <div className={`row-line${className ? ` ${className}` : ''}`} title={text}>
      {children ?? text}
    </div>
  );
}

/** A sum with the lines under it that make it up (muted, smaller). */
function Money({ value, parts }: { value: number; parts?: [string, number | null][] }) {
  const shown = parts?.filter((part): part is [string, number] => part[1] !== null && part[1] !== 0);
  return (
    <>
      <Line text={formatMoney(value)} />
      {shown?.map(([name, part]) => <Line key={name} text={`${name}: ${formatMoney(part)}`} className="analytics-money-part bp6-text-muted" />)}
    </>
  );
}

export function AnalyticsTable({ rows }: { rows: AnalyticsRow[] }) {
  if (rows.length === 0) return <NonIdealState icon="th" title={MESSAGES.analytics.empty} className="analytics-table-empty" />;
  return (
    // stacked-rows: each row is a stack of one-line entries by design (the screen walk checks the lines, not the row);
    // data-scrolls-sideways: the table is wider than the window by design (the walk checks each cell scrolled into view).
    <div className="analytics-table-frame stacked-rows" data-scrolls-sideways="">
      <HTMLTable compact striped className="analytics-table">
        <thead>
          <tr>
            <th className="analytics-sticky">{C.number}</th>
            <th>{C.createdAt}</th>
            <th>{C.type}</th>
            <th>{C.status}</th>
            <th>{C.requester}</th>
            <th>{C.people}</th>
            <th>{C.accommodations}</th>
            <th>{C.transports}</th>
            <th>{C.services}</th>
            <th className="analytics-num">{C.priceTotal}</th>
            <th className="analytics-num">{C.discount}</th>
            <th className="analytics-num">{C.agencyCommission}</th>
            <th className="analytics-num">{C.vendorsPayments}</th>
            <th className="analytics-num">{C.paid}</th>
            <th className="analytics-num">{C.proceeds}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`analytics-row-${row.number}`}>
              <th scope="row" className="analytics-sticky">
                <Line text={`№${row.number}`}>
                  <Link to={routePath('application-edit', { id: row.id })}>№{row.number}</Link>
                </Line>
              </th>
              <td>
                <Line text={formatDateTime(row.created_at)} />
              </td>
              <td className="analytics-text">
                <Line text={row.type_name} />
              </td>
              <td className="analytics-text">
                <Line text={row.status_name} />
              </td>
              <td className="analytics-text">
                <Line text={row.requester} />
              </td>
              <td>
                <Line text={formatNumber(row.people.total)} />
                <Line text={`${T.adults}: ${formatNumber(row.people.adult_count)}, ${T.children}: ${formatNumber(row.people.child_count)}`} className="bp6-text-muted analytics-money-part" />
                <Line text={`${T.tourists}: ${formatNumber(row.people.tourists)}`} className="bp6-text-muted analytics-money-part" />
              </td>
              <td className="analytics-lines">
                <Items items={row.accommodations} />
              </td>
              <td className="analytics-lines">
                <Items items={row.transports} />
              </td>
              <td className="analytics-lines">
                <Items items={[...row.services, ...row.required_services, ...row.additional_services]} />
              </td>
              <td className="analytics-num">
                {/* The price before the discount, only when there is one (else it repeats the total). */}
                <Money value={row.price_total} parts={row.discount === 0 ? undefined : [[C.priceWithoutDiscount, row.manual_price_without_discount ?? row.price_without_discount]]} />
              </td>
              <td className="analytics-num">
                <Line text={formatMoney(row.discount)} />
              </td>
              {/* What makes up a sum is said on hover: its lines would make every row tall. */}
              <td className="analytics-num" title={breakdown([[K.accommodations, row.agency_commission.accommodations], [K.transports, row.agency_commission.transports], [K.services, row.agency_commission.services]])}>
                <Money value={row.agency_commission.total} />
                {row.agency_commission.agency_name && <Line text={row.agency_commission.agency_name} className="analytics-money-part bp6-text-muted" />}
              </td>
              <td
                className="analytics-num"
                title={breakdown([
                  [V.accommodations, row.vendors_payments.accommodations],
                  [V.individual_services, row.vendors_payments.individual_services],
                  [V.group_services, row.vendors_payments.group_services],
                  [V.transports, row.vendors_payments.transports],
                ])}
              >
                <Money value={row.vendors_payments.total} parts={[[C.paid, row.vendors_payments.paid]]} />
              </td>
              <td className="analytics-num" title={breakdown(row.payments.data.map((payment) => [formatDate(payment.date), payment.sum]))}>
                <Money value={row.payments.paid} parts={[[C.payable, row.payments.total_payable_sum]]} />
              </td>
              <td className="analytics-num analytics-proceeds">
                <Line text={formatMoney(row.proceeds)} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
