/**
 * The totals block (spec 03 §2.3; issue 27): above the tabs, so every tab shows what the application
 * costs — the lines that apply to its type (./totals.ts) and what is paid and still owed, or why there are none (a form not yet
 * priceable, the pricing's refusal, a failed request with 'Повторить').
 */
import { Card, Spinner } from '@blueprintjs/core';
import type { RequesterType } from '@shared/applications/constants';
import { formatMoney } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { ReadFailure } from '../../common/ReadFailure';
import { showsMaxDiscount, totalsLines } from './totals';
import type { TotalsState } from './useTotals';

const A = MESSAGES.applications;

export function TotalsBlock({ totals, pending, refusal, failure, retry, type, requesterType, payments }: TotalsState & { type: number | null; requesterType: RequesterType; payments: { paid: number; to_pay: number } | null }) {
  // The price's lines of the type, then the payments' (on every tab: Оплачено and К оплате).
  const entries = [
    ...totalsLines(type, requesterType, totals).map((key) => ({ key, label: A.totalsLabels[key], value: totals?.[key] })),
    ...(['paid', 'to_pay'] as const).map((key) => ({ key, label: A.totalsPaymentLabels[key], value: payments?.[key] })),
  ];
  return (
    <Card className="application-totals" role="group" aria-label={A.totalsTitle} aria-busy={pending} data-testid="application-totals">
      <span className="application-totals-title">{A.totalsTitle}</span>
      {pending && <Spinner size={14} aria-label="Пересчёт" />}
      {failure !== null ? (
        <ReadFailure part title={A.totalsFailed} error={failure} onRetry={retry} />
      ) : (
        <dl className="application-totals-lines">
          {entries.map(({ key, label, value }) => (
            <div key={key} className="application-totals-line">
              <dt>{label}</dt>
              <dd className="money-cell" data-testid={`totals-${key}`}>
                {value === undefined ? '—' : formatMoney(value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {refusal !== null && (
        <span className="bp6-text-muted application-totals-note" data-testid="totals-refusal">
          {refusal}
        </span>
      )}
      {totals && refusal === null && showsMaxDiscount(type) && <span className="bp6-text-muted application-totals-note">{A.totalsMaxDiscount(formatMoney(totals.max_discount))}</span>}
    </Card>
  );
}
