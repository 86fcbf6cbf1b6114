import { Icon } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';

/**
 * A tag's text with its remove cross. Blueprint's own cross is labelled 'Remove tag': this one carries
 * the item's name in Russian. Used inside a Blueprint Tag (the multiselect's, the imports' chosen items).
 */
export function RemovableTagText({ name, disabled, onRemove }: { name: string; disabled?: boolean; onRemove(): void }) {
  return (
    <span className="tag-with-remove">
      {name}
      {!disabled && (
        <button type="button" className="bp6-tag-remove" aria-label={MESSAGES.list.removeItem(name)} title={MESSAGES.list.removeItem(name)} onClick={onRemove}>
          <Icon icon="small-cross" />
        </button>
      )}
    </span>
  );
}
