/**
 * Below a tab's table: the messages the save gave the collection itself (`accommodations`: no stay) and
 * its rows as wholes (`tourists.3`: one tourist too many, `accommodations.1`: a stay with more persons
 * than the application) — the row's icon marks where, this says why.
 */
import { Callout, Intent } from '@blueprintjs/core';
import type { FieldErrors } from '@shared/validation';

export function CollectionMessages({ name, errors }: { name: string; errors: FieldErrors }) {
  const own = new RegExp(`^${name}(\\.\\d+)?$`);
  const messages = [...new Set(Object.entries(errors).flatMap(([path, list]) => (own.test(path) ? list : [])))];
  if (messages.length === 0) return null;
  return (
    <Callout intent={Intent.DANGER} className="application-collection-errors" data-testid={`${name}-errors`}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </Callout>
  );
}
