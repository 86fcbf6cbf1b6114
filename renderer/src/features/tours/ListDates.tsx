/**
 * A tour's start dates in the list (spec 03 §2.5): future dates green when that date's checklist is
 * complete, red otherwise; past dates behind a show/hide toggle with their count.
 */
import { Button, Tag } from '@blueprintjs/core';
import { formatDate } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import type { TourListRow } from '@shared/tours/types';
import { useState } from 'react';

export function ListDates({ row }: { row: TourListRow }) {
  const [showPast, setShowPast] = useState(false);
  const future = row.dates.filter((date) => !date.past);
  const past = row.dates.filter((date) => date.past);
  const pastCount = Math.max(row.past_dates_count, past.length);
  return (
    <span className="tour-list-dates">
      {/* The toggle first: it stays in sight however many dates follow (rows keep one line). */}
      {pastCount > 0 && (
        <Button
          size="small"
          variant="minimal"
          icon={showPast ? 'eye-off' : 'history'}
          text={showPast ? undefined : String(pastCount)}
          title={showPast ? 'Скрыть прошедшие даты' : MESSAGES.tours.pastDates(pastCount)}
          aria-label={showPast ? 'Скрыть прошедшие даты' : MESSAGES.tours.pastDates(pastCount)}
          onClick={() => setShowPast(!showPast)}
        />
      )}
      {showPast &&
        past.map((date) => (
          <Tag key={date.id} minimal className="tour-date tour-date-past" data-testid={`tour-date-${date.start_date}`}>
            {formatDate(date.start_date)}
          </Tag>
        ))}
      {future.map((date) => (
        <Tag
          key={date.id}
          minimal
          intent={date.complete ? 'success' : 'danger'}
          className={`tour-date ${date.complete ? 'tour-date-complete' : 'tour-date-incomplete'}`}
          title={date.complete ? 'Чеклист даты выполнен' : 'Чеклист даты не выполнен'}
          data-testid={`tour-date-${date.start_date}`}
          data-complete={date.complete}
        >
          {formatDate(date.start_date)}
        </Tag>
      ))}
    </span>
  );
}
