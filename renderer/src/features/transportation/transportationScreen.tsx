/**
 * /transportation (spec 02 "Transportation list and form"): the list, and the create, edit and copy
 * pages with the seat scheme redrawn as the fields change (the server stores the same drawing).
 */
import { Callout, Checkbox, FormGroup } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { EditorMode } from '@shared/editor';
import { editorTitles, ROUTES } from '@shared/routes';
import { seatLayout } from '@shared/transport/seat-scheme';
import { TRANSPORTATION_KINDS, transportationResource, type TransportationRow } from '@shared/transport/transportation';
import type { FieldRenderProps } from '../../common/form/fields';
import { defineResourceScreen, type ResourceFormSpec } from '../../common/resource/definition';
import { editorPageLinks, listPath } from '../../common/resource/pageLinks';
import { ResourceFormPage } from '../../common/resource/ResourceFormPage';
import { SeatScheme, schemeParams } from '../../common/seats/SeatScheme';

/** The second door: disabled (and off) while there is one column at the door (spec 02 §4). */
function SecondDoorField({ values, setValue, errors, disabled }: FieldRenderProps) {
  const oneColumn = Number(values.columns_at_door) === 1;
  const error = errors.second_door?.[0];
  return (
    <FormGroup helperText={error ?? (oneColumn ? MESSAGES.transport.secondDoorNeedsTwoColumns : undefined)} intent={error ? 'danger' : 'none'}>
      <Checkbox id="field-second_door" label="Вторая дверь" checked={!oneColumn && Boolean(values.second_door)} disabled={disabled || oneColumn} onChange={(event) => setValue('second_door', event.currentTarget.checked)} />
    </FormGroup>
  );
}

const hasSecondDoor = (values: Record<string, unknown>) => Boolean(values.second_door) && Number(values.columns_at_door) !== 1;

/** The scheme as drawn (with the rows it added to place every seat, said under it) and its capacity. */
function SchemePreview({ values }: { values: Record<string, unknown> }) {
  const params = schemeParams(values);
  const { capacity, addedRows } = seatLayout(params);
  return (
    <div className="transportation-preview">
      <h4 className="bp6-heading">Схема салона</h4>
      <SeatScheme params={params} />
      {addedRows > 0 && (
        <Callout compact intent="primary" icon="info-sign" style={{ margin: '8px 0' }}>
          {MESSAGES.transport.schemeGrown(addedRows)}
        </Callout>
      )}
      <p className="bp6-text-muted">{MESSAGES.transport.capacityHint(capacity)}</p>
    </div>
  );
}

/** The list: add, edit and copy open the form pages below (spec routes transportation-create, -edit, -copy). */
export const transportationScreen = defineResourceScreen<TransportationRow>({
  resource: transportationResource,
  title: 'Транспортные средства',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'name', title: 'Название' },
    { key: 'kind_name', title: 'Тип' },
    { key: 'seats', title: 'Мест' },
    { key: 'rows', title: 'Рядов' },
    { key: 'second_door', title: 'Вторая дверь', render: (row) => (row.second_door ? MESSAGES.list.yes : MESSAGES.list.no) },
  ],
  ...editorPageLinks<TransportationRow>('transportation'),
  canDelete: (row) => row.can_delete,
});

const transportationForm: ResourceFormSpec<TransportationRow> = {
  titles: { create: ROUTES['transportation-create'].title, edit: ROUTES['transportation-edit'].title },
  fields: [
    { kind: 'select', name: 'kind', label: 'Тип', required: true, options: { items: [...TRANSPORTATION_KINDS] } },
    { kind: 'text', name: 'name', label: 'Название', required: true },
    { kind: 'number', name: 'seats', label: 'Количество мест', required: true, min: 0 },
    { kind: 'select', name: 'rear_seats', label: 'Мест в заднем ряду', required: true, options: { items: [{ id: 4, name: '4' }, { id: 5, name: '5' }] } },
    { kind: 'number', name: 'rows', label: 'Количество рядов', required: true, min: 0, hint: 'Без заднего ряда' },
    { kind: 'select', name: 'columns_at_door', label: 'Колонок мест у двери', required: true, options: { items: [{ id: 1, name: '1' }, { id: 2, name: '2' }] } },
    { kind: 'custom', name: 'second_door', label: 'Вторая дверь', render: (props) => <SecondDoorField {...props} /> },
    { kind: 'number', name: 'second_door_rows', label: 'Рядов до второй двери', required: true, min: 0, visible: hasSecondDoor },
    { kind: 'number', name: 'second_door_length', label: 'Ширина второй двери (рядов)', required: true, min: 0, visible: hasSecondDoor },
  ],
  initial: { kind: 1, name: '', seats: 49, rear_seats: 5, rows: 11, columns_at_door: 2, second_door: false, second_door_rows: null, second_door_length: null },
  toValues: (row) => {
    const { kind, name, seats, rear_seats, rows, columns_at_door, second_door, second_door_rows, second_door_length, version } = row;
    return { kind, name, seats, rear_seats, rows, columns_at_door, second_door, second_door_rows, second_door_length, version };
  },
  aside: (values) => <SchemePreview values={values} />,
};

const TITLES: Record<EditorMode, string> = editorTitles('transportation');
/** One object for the page's whole life: its form is set afresh whenever the definition changes. */
const FORM_PAGE = { resource: transportationResource, form: transportationForm };

/** /transportation/create, /transportation/{id}/edit and /transportation/{id}/copy (the mode comes from the route). */
export function TransportationFormPage() {
  return <ResourceFormPage definition={FORM_PAGE} titles={TITLES} listPath={listPath('transportation')} />;
}
