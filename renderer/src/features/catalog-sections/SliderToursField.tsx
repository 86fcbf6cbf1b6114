/**
 * The slider of a catalogue section (spec 03 §3 "Slider tour entry", §5): up to 12 tours, each with
 * a title and a price; the add button is disabled at 12. Tours are picked from the server's search
 * (GET /tours/list?query=), never loaded whole. Each cell shows its own error (`tours.N.title`).
 */
import { Button, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { CATALOG_SECTION_LIMITS } from '@shared/catalog-sections/constants';
import type { SliderTourRecord } from '@shared/catalog-sections/types';
import { MESSAGES } from '@shared/messages';
import type { FieldRenderProps } from '../../common/form/fields';
import { PickerField } from '../../common/form/PickerField';

/** A row as the form holds it: what GET gives (the tour's name for the picker), or a new one. */
type Row = Omit<SliderTourRecord, 'tour_id' | 'tour'> & { tour_id: number | null; tour?: SliderTourRecord['tour'] };

const MAX = CATALOG_SECTION_LIMITS.sliderTours;

const ROW_FIELDS = ['tour_id', 'title', 'price'] as const;

export function SliderToursField({ values, setValue, errors, validateFields }: FieldRenderProps) {
  const rows = (values.tours as Row[] | undefined) ?? [];
  const change = (index: number, changes: Partial<Row>) => {
    setValue('tours', rows.map((row, at) => (at === index ? { ...row, ...changes } : row)));
    // A row that was refused is checked again as it is fixed: its messages go as its cells are filled.
    const paths = ROW_FIELDS.map((field) => `tours.${index}.${field}`);
    if (paths.some((path) => errors[path])) validateFields?.(paths);
  };
  // The rows after a removed one move up: the messages shown are worked out again for the new order.
  const remove = (index: number) => {
    const left = rows.filter((_, at) => at !== index);
    setValue('tours', left);
    const shown = Object.keys(errors).filter((path) => path.startsWith('tours.'));
    if (shown.length > 0) validateFields?.([...shown, ...left.flatMap((_, at) => ROW_FIELDS.map((field) => `tours.${at}.${field}`))]);
  };
  const error = (index: number, field: string) => errors[`tours.${index}.${field}`]?.[0];
  const listError = errors.tours?.[0];
  const cell = (index: number, field: string) => {
    const message = error(index, field);
    return message ? <div className="bp6-form-helper-text cell-error">{message}</div> : null;
  };
  return (
    <div className="slider-tours" data-testid="slider-tours">
      <HTMLTable compact className="slider-tours-table">
        <thead>
          <tr>
            <th>Тур</th>
            <th>Заголовок</th>
            <th>Цена</th>
            <th aria-label="Действия" />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={4} className="bp6-text-muted">
                {MESSAGES.list.empty}
              </td>
            </tr>
          )}
          {rows.map((row, index) => (
            <tr key={index}>
              <td className="slider-tour-picker">
                <PickerField
                  id={`slider-tour-${index}`}
                  path="/tours"
                  value={row.tour_id}
                  selected={row.tour ? { id: row.tour.id, name: row.tour.name } : null}
                  intent={error(index, 'tour_id') ? Intent.DANGER : Intent.NONE}
                  onChange={(tourId) => change(index, { tour_id: tourId })}
                  testId={`slider-tour-${index}`}
                />
                {cell(index, 'tour_id')}
              </td>
              <td>
                <InputGroup aria-label={`Заголовок тура ${index + 1}`} value={row.title ?? ''} intent={error(index, 'title') ? Intent.DANGER : Intent.NONE} onValueChange={(title) => change(index, { title })} />
                {cell(index, 'title')}
              </td>
              <td>
                <InputGroup aria-label={`Цена тура ${index + 1}`} value={row.price ?? ''} intent={error(index, 'price') ? Intent.DANGER : Intent.NONE} onValueChange={(price) => change(index, { price })} />
                {cell(index, 'price')}
              </td>
              <td>
                <Button variant="minimal" intent={Intent.DANGER} icon="trash" aria-label={`Удалить тур ${index + 1}`} onClick={() => remove(index)} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {listError && <div className="bp6-form-helper-text cell-error">{listError}</div>}
      <Button
        icon="add"
        intent={Intent.PRIMARY}
        variant="minimal"
        text={`Добавить тур (${rows.length} из ${MAX})`}
        disabled={rows.length >= MAX}
        title={rows.length >= MAX ? MESSAGES.catalogSections.sliderFull(MAX) : undefined}
        onClick={() => setValue('tours', [...rows, { tour_id: null, title: '', price: '' }])}
      />
    </div>
  );
}
