/**
 * The totals block (spec 03 §2.3; issue 27): above the tabs, so every tab shows what the application
 * costs — the lines that apply to its type (./totals.ts), or why there are none (a form not yet
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

export function TotalsBlock({ totals, pending, refusal, failure, retry, type, requesterType }: TotalsState & { type: number | null; requesterType: RequesterType }) {
  const lines = totalsLines(type, requesterType, totals);
  return (
    <Card className="application-totals" role="group" aria-label={A.totalsTitle} aria-busy={pending} data-testid="application-totals">
      <span className="application-totals-title">{A.totalsTitle}</span>
      {pending && <Spinner size={14} aria-label="Пересчёт" />}
      {failure !== null ? (
        <ReadFailure part title={A.totalsFailed} error={failure} onRetry={retry} />
      ) : (
        <dl className="application-totals-lines">
          {lines.map((key) => (
            <div key={key} className="application-totals-line">
              <dt>{A.totalsLabels[key]}</dt>
              <dd className="money-cell" data-testid={`totals-${key}`}>
                {totals ? formatMoney(totals[key]) : '—'}
              </dd>
            </div>
          ))}
          {/* Issue 28 (money): Оплачено and К оплате join here, after the total. */}
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
