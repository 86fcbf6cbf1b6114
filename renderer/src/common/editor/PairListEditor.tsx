/** A list of two-part items (FAQ, advantages) in the SEO parts of the city dialog and the bus transport's catalogue. */
import { Button, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { RichTextField } from '@shared/rich-text-fields';
import type { FieldErrors } from '@shared/validation';
import { RichTextEditor } from '../content-editors';

type Item = Record<string, unknown>;

interface Part {
  key: string;
  label: string;
}

interface Props {
  items: Item[];
  onChange(items: Item[]): void;
  /** A one-line part (question, title) of at most `max` characters and a rich-text part (answer, text): its listed field. */
  first: Part & { max: number };
  second: Part & { field: RichTextField };
  addText: string;
  /** At most this many items: the add link disappears at the limit (spec 01 §5: 4 advantages). */
  max?: number;
  errors: FieldErrors;
  /** Path of the list in the 422 map, e.g. `seo_settings.hotel.faq`. */
  errorPath: string;
  entity: string;
  testId: string;
}

/** A list of two-part items (FAQ questions and answers, advantages); each new item gets a timestamp id. */
export function PairListEditor({ items, onChange, first, second, addText, max, errors, errorPath, entity, testId }: Props) {
  const change = (index: number, key: string, value: string) => onChange(items.map((item, at) => (at === index ? { ...item, [key]: value } : item)));
  const error = (index: number, key: string) => errors[`${errorPath}.${index}.${key}`]?.[0];
  const listError = errors[errorPath]?.[0];
  return (
    <div className="pair-list" data-testid={testId}>
      {items.map((item, index) => (
        <Card key={(item.id as number | string | undefined) ?? index} className="pair-item" compact>
          <FormGroup label={first.label} labelInfo="*" helperText={error(index, first.key)} intent={error(index, first.key) ? Intent.DANGER : Intent.NONE}>
            <InputGroup
              value={(item[first.key] as string) ?? ''}
              onValueChange={(value) => change(index, first.key, value)}
              intent={error(index, first.key) ? Intent.DANGER : Intent.NONE}
              aria-label={`${first.label} ${index + 1}`}
            />
          </FormGroup>
          <FormGroup label={second.label} labelInfo="*" helperText={error(index, second.key)} intent={error(index, second.key) ? Intent.DANGER : Intent.NONE}>
            <RichTextEditor
              value={(item[second.key] as string) ?? ''}
              onChange={(html) => change(index, second.key, html)}
              field={second.field}
              entity={entity}
              invalid={Boolean(error(index, second.key))}
              aria-label={`${second.label} ${index + 1}`}
            />
          </FormGroup>
          <Button variant="minimal" intent={Intent.DANGER} icon="trash" text="Удалить" onClick={() => onChange(items.filter((_, at) => at !== index))} />
        </Card>
      ))}
      {listError && <div className="bp6-form-helper-text pair-list-error">{listError}</div>}
      {(max === undefined || items.length < max) && (
        <Button variant="minimal" intent={Intent.PRIMARY} icon="add" text={addText} onClick={() => onChange([...items, { id: Date.now(), [first.key]: '', [second.key]: '' }])} />
      )}
    </div>
  );
}
