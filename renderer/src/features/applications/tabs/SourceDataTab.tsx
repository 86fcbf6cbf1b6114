/**
 * Source data (spec 03 §2.3; administrator only): the raw payloads as received — of the application,
 * of each accommodation and of the transport there and back — as formatted JSON.
 */
import { Callout, H5 } from '@blueprintjs/core';
import type { ApplicationRecord } from '@shared/applications/types';

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));
const payloadOf = (row: unknown) => (row !== null && typeof row === 'object' && 'payload' in row ? (row as { payload: unknown }).payload : null);

export function SourceDataTab({ record }: { record: ApplicationRecord | undefined }) {
  if (!record) return <Callout>Исходные данные появятся после сохранения заявки.</Callout>;
  const blocks: [string, unknown][] = [
    ['Заявка', record.payload ?? record.source_payload],
    ...record.accommodations.map((row, index) => [`Проживание ${index + 1}`, payloadOf(row)] as [string, unknown]),
    ['Транспорт туда', payloadOf(record.transport_forth)],
    ['Транспорт обратно', payloadOf(record.transport_back)],
  ];
  return (
    <div className="application-source">
      {blocks.map(([title, value]) => (
        <section key={title}>
          <H5>{title}</H5>
          <pre className="application-json">{json(value)}</pre>
        </section>
      ))}
    </div>
  );
}
