/** Lines of information shown in search (a hotel's, a sea tour's `info`): one textarea, a line per item (shared/validation.ts `infoLines`). */
import { FormGroup, Intent, TextArea } from '@blueprintjs/core';
import type { FieldErrors } from '@shared/validation';

interface Props {
  value: string[] | null | undefined;
  onChange(lines: string[]): void;
  errors: FieldErrors;
  label?: string;
}

export function InfoLinesField({ value, onChange, errors, label = 'Информация в результатах поиска' }: Props) {
  // A line's error (`info.2`) shows under the field as the list's.
  const error = errors.info?.[0] ?? Object.entries(errors).find(([path]) => path.startsWith('info.'))?.[1][0];
  return (
    <FormGroup label={label} labelFor="field-info" helperText={error ?? 'Каждая строка — отдельный пункт'} intent={error ? Intent.DANGER : Intent.NONE}>
      <TextArea id="field-info" fill rows={4} intent={error ? Intent.DANGER : Intent.NONE} value={(value ?? []).join('\n')} onChange={(event) => onChange(event.target.value.split('\n'))} />
    </FormGroup>
  );
}
