/**
 * The cells of an application row (spec 03 §2.1, §3 "Application (list row)"). A row holds much —
 * legs, accommodations, tourists, money — so every cell is a short stack of one-line entries: each
 * cut with '…' at the column's width and shown whole on hover, never wrapping.
 */
import { Icon, Intent, Tag, type IconName } from '@blueprintjs/core';
import type { ApplicationListRow } from '@shared/applications/list';
import { ApplicationStatus, sourceLabel } from '@shared/applications/constants';
import { typedDate } from '@shared/dates';
import { formatMoney } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { formatPhone } from '@shared/resources/clients';
import { routePath } from '@shared/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

const T = MESSAGES.applicationList;

/** `01.06–10.06.2026`, or with both years when they differ; one day once. */
export function dateRange(start: string, finish: string): string {
  const [from, to] = [typedDate(start.slice(0, 10)), typedDate(finish.slice(0, 10))];
  if (from === to) return from;
  return from.slice(6) === to.slice(6) ? `${from.slice(0, 5)}–${to}` : `${from}–${to}`;
}

/** One line of a cell: an optional icon, the text cut with '…', the whole text on hover. */
function Line({ icon, children, title, className }: { icon?: IconName; children: ReactNode; title: string; className?: string }) {
  return (
    <div className={`app-line row-line${className ? ` ${className}` : ''}`} title={title}>
      {icon && <Icon icon={icon} size={12} className="app-line-icon" />}
      <span className="app-line-text">{children}</span>
    </div>
  );
}

const statusIntent = (status: number): Intent =>
  status === ApplicationStatus.Cancelled ? Intent.DANGER : status === ApplicationStatus.Paid ? Intent.SUCCESS : status === ApplicationStatus.New ? Intent.PRIMARY : Intent.NONE;

/** Number (the edit page's link), status and unread count; the requester with its active flag; the source. */
export function InfoCell({ row }: { row: ApplicationListRow }) {
  const requester = row.requestorable;
  const source = sourceLabel(row.source, row.source_payload.platform);
  return (
    <div className="app-cell">
      <div className="app-line row-line app-line-head">
        <Link to={routePath('application-edit', { id: row.id })} className="app-number">
          №{row.number}
        </Link>
        <Tag minimal intent={statusIntent(row.status)} className="app-status" title={row.status_name}>
          {row.status_name}
        </Tag>
        {row.unread_messages_count > 0 && (
          <Tag round intent={Intent.DANGER} icon="chat" title={MESSAGES.applicationChat.unreadTitle(row.unread_messages_count)} aria-label={MESSAGES.applicationChat.unreadTitle(row.unread_messages_count)} data-testid="unread-count">
            {row.unread_messages_count}
          </Tag>
        )}
      </div>
      <Line
        icon={!requester.is_active ? 'blocked-person' : requester.type === 'agencies' ? 'office' : 'person'}
        title={requester.is_active ? requester.full_name : `${requester.full_name} (${T.requesterInactive})`}
        className={requester.is_active ? 'app-requester' : 'app-requester app-inactive'}
      >
        {requester.full_name}
      </Line>
      <div className="app-line row-line bp6-text-muted" title={row.edited_from_front ? `${source}. ${T.editedFromFront}` : source}>
        {row.edited_from_front && (
          <Tag minimal intent={Intent.WARNING} className="app-front-mark" data-testid="edited-from-front">
            {T.editedFromFront}
          </Tag>
        )}
        <span className="app-line-text">{source}</span>
      </div>
    </div>
  );
}

export function ContactsCell({ row }: { row: ApplicationListRow }) {
  const phone = row.phone ? formatPhone(row.phone) : '';
  return (
    <div className="app-cell">
      {phone && (
        <Line icon="phone" title={phone}>
          {phone}
        </Line>
      )}
      {row.email && (
        <Line icon="envelope" title={row.email}>
          {row.email}
        </Line>
      )}
    </div>
  );
}

type Leg = NonNullable<ApplicationListRow['transport_forth']> & { transfer_type?: { name: string } };

/** The whole leg, on hover: 'Трансфер туда (Индивидуальный): Вокзал → Гостиница, 01.06.2026'. */
const legTitle = (label: string, leg: Leg) => `${label}${leg.transfer_type ? ` (${leg.transfer_type.name})` : ''}: ${leg.from_city} → ${leg.to_city}, ${dateRange(leg.start_at, leg.finish_at)}`;
/** The line itself: dates first, so a narrow column cuts the place names, never the dates. */
const legLine = (leg: Leg) => `${dateRange(leg.start_at, leg.finish_at)} ${leg.from_city} → ${leg.to_city}`;

/** 'Направления': the type and product, then one line per accommodation, transport and transfer leg. */
export function DirectionsCell({ row }: { row: ApplicationListRow }) {
  const product = row.applicationable?.name;
  const head = product ? `${row.application_type_name}: ${product}` : row.application_type_name;
  const legs: [string, IconName, Leg | null][] = [
    [T.forth, 'arrow-right', row.transport_forth],
    [T.back, 'arrow-left', row.transport_back],
    [T.transferForth, 'drive-time', row.transfer_forth],
    [T.transferBack, 'taxi', row.transfer_back],
  ];
  return (
    <div className="app-cell">
      <Line title={head} className="app-product">
        {head}
      </Line>
      {row.accommodations.map((stay, index) => {
        const dates = dateRange(stay.start_at, stay.finish_at);
        return (
          <Line key={`stay-${index}`} icon="home" title={`${stay.hotel}, ${dates}`}>
            {`${dates} ${stay.hotel}`}
          </Line>
        );
      })}
      {legs.map(([label, icon, leg]) =>
        leg ? (
          <Line key={label} icon={icon} title={legTitle(label, leg)}>
            {legLine(leg)}
          </Line>
        ) : null,
      )}
    </div>
  );
}

export function TouristsCell({ row }: { row: ApplicationListRow }) {
  return (
    <div className="app-cell">
      {row.tourists.map((tourist) => (
        <Line key={tourist.id} title={tourist.full_name}>
          {tourist.full_name}
        </Line>
      ))}
    </div>
  );
}

/** The payment summary: total, the agency's total (agency requesters), paid, and what is left to pay. */
export function PaymentCell({ row }: { row: ApplicationListRow }) {
  const info = row.payments_info;
  const lines: [string, number, string?][] = [
    [T.total, info.price_total],
    ...(row.requestorable.type === 'agencies' ? [[T.agencyTotal, info.agency_total] as [string, number]] : []),
    [T.paid, info.paid],
    [T.toPay, info.to_pay, info.to_pay > 0 ? 'app-to-pay' : undefined],
  ];
  return (
    <div className="app-cell app-money">
      {lines.map(([label, sum, className]) => {
        const text = `${label}: ${formatMoney(sum)}`;
        return (
          <Line key={label} title={text} className={className}>
            <span className="bp6-text-muted">{label}:</span> {formatMoney(sum)}
          </Line>
        );
      })}
    </div>
  );
}
