import { Intent, Tag } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { ReactNode } from 'react';

/**
 * A name with the 'Новый' mark of a client or agency no staff member has opened yet (spec 01 §2.4,
 * §2.6). In a list cell the name is what gets cut with '…'; the mark stays whole.
 */
export function NameWithNewMark({ name, isNew }: { name: ReactNode; isNew: boolean }) {
  return (
    <>
      <span className="cell-value">{name}</span>
      {isNew && (
        <Tag minimal round intent={Intent.DANGER} className="new-mark">
          {MESSAGES.list.newMark}
        </Tag>
      )}
    </>
  );
}
