/**
 * Accommodation (spec 03 §2.3, §3 "Accommodation"): a room of the product's hotel (a tour's or a sea
 * tour's hotels), the stay's dates, the meal and the five counts within the room's caps.
 */
import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { ProductKind } from '@shared/applications/constants';
import type { ApplicationProduct, HotelProduct } from '@shared/applications/editor-data';
import { formatDate } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode, type RowDialogProps } from '../../../common/editor/useCollectionEditor';
import { FormFields, type SetField } from '../../../common/form/fields';
import { ReadFailure } from '../../../common/ReadFailure';
import type { TabProps } from './tabProps';
import { CollectionMessages } from './CollectionMessages';
import { hotelChoices, useProducts } from '../data';
import { blankAccommodation, type AccommodationValues } from '../form';
import { guestsText, noMealLabel } from '../guests';

type Room = HotelProduct['rooms'][number];

/** A room as the select and the tables name it: type, placement, description. */
export const roomName = (room: Room) => [room.type.name, room.place.name, room.description?.name].filter(Boolean).join(', ');

/** The five counts with the room's cap of each (spec 03 §3 "Accommodation"). */
const COUNTS = [
  ['adult_count', 'Взрослых', 'adult_count'],
  ['child_count', 'Детей', 'child_count'],
  ['adv_adult_count', 'Доп. взрослых', 'adv_adult_count'],
  ['adv_child_count', 'Доп. детей', 'adv_child_count'],
  ['child_without_count', 'Детей без места', 'child_without'],
] as const;

/** The hotels of the accommodations (and of the product) read once, by id; `read` says when one could not be. */
export function useAccommodationHotels(product: ApplicationProduct | undefined, rows: readonly { hotel_id: number | null }[]) {
  const choices = hotelChoices(product);
  const read = useProducts<HotelProduct>(ProductKind.Hotel, [...choices.map((hotel) => hotel.id), ...rows.map((row) => row.hotel_id)].filter((id) => !(product?.kind === ProductKind.Hotel && id === product.id)));
  if (product?.kind === ProductKind.Hotel) read.products.set(product.id, product);
  return { choices, hotels: read.products, read };
}

export function AccommodationsTab({ form, update, errors, setErrors, product }: TabProps & { product: ApplicationProduct | undefined }) {
  const { choices, hotels, read } = useAccommodationHotels(product, form.accommodations);
  const only = choices.length === 1 ? choices[0]!.id : null;
  const { editor } = useFormCollection('accommodations', { items: form.accommodations, update, errors, setErrors, blank: () => blankAccommodation(only), copy: (row) => ({ ...row, id: undefined }) });
  const dialog = rowDialogProps(editor);
  const room = (row: AccommodationValues) => hotels.get(row.hotel_id ?? 0)?.rooms.find((item) => item.id === row.room_id);
  return (
    <>
      {read.failure !== null && <ReadFailure part title={MESSAGES.applications.productsReadFailed} error={read.failure} onRetry={read.retry} />}
      <CollectionTable<AccommodationValues>
        label="Проживание"
        name="accommodations"
        {...editor.table({ copy: true, add: choices.length > 0 })}
        pageSize={10}
        addText="Добавить проживание"
        columns={[
          { title: 'Отель', render: (row) => hotels.get(row.hotel_id ?? 0)?.name ?? '' },
          { title: 'Номер', render: (row) => (room(row) ? roomName(room(row)!) : '') },
          { title: 'Заезд', render: (row) => formatDate(row.start_at) },
          { title: 'Выезд', render: (row) => formatDate(row.finish_at) },
          { title: 'Питание', render: (row) => room(row)?.meals.find((meal) => meal.id === row.meal_id)?.name ?? '' },
          { title: 'Гости', render: (row) => guestsText(row) },
        ]}
      />
      <CollectionMessages name="accommodations" errors={errors} />
      {/* Only while no product is chosen: a chosen one still being read (or failed, said above the tabs) is not "none". */}
      {form.applicationable_id === null && <p className="bp6-text-muted">Выберите продукт заявки: номера берутся из его отелей.</p>}
      {dialog && <AccommodationDialog {...dialog} choices={choices} hotels={hotels} />}
    </>
  );
}

const TITLES: Record<RowDialogMode, string> = { create: 'Добавление проживания', edit: 'Редактирование проживания', copy: 'Копирование проживания' };

function AccommodationDialog({ mode, draft, setDraft, serverErrors, onSave, onClose, choices, hotels }: RowDialogProps<AccommodationValues> & { choices: { id: number; name: string }[]; hotels: Map<number, HotelProduct> }) {
  const row = useRowDraft(setDraft, serverErrors);
  const { errors, setErrors } = row;
  const hotel = hotels.get(draft.hotel_id ?? 0);
  const room = hotel?.rooms.find((item) => item.id === draft.room_id);
  const setValue: SetField<AccommodationValues> = (name, value) => {
    row.setValue(name, value);
    if (name === 'hotel_id') setDraft((current) => ({ ...current, room_id: null, meal_id: null }));
    if (name === 'room_id') setDraft((current) => ({ ...current, meal_id: null }));
  };
  const values = draft;
  const select = (name: 'hotel_id' | 'room_id' | 'meal_id', label: string, options: { id: number; name: string }[], required: boolean) => {
    const empty = required ? MESSAGES.list.choose : noMealLabel(options);
    const error = errors[name]?.[0];
    return (
      <FormGroup label={label} labelFor={`accommodation-${name}`} labelInfo={required ? '*' : undefined} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        <HTMLSelect
          id={`accommodation-${name}`}
          fill
          value={draft[name] ?? ''}
          onChange={(event) => setValue(name, event.currentTarget.value ? Number(event.currentTarget.value) : null)}
          options={[{ value: '', label: empty }, ...options.map((option) => ({ value: option.id, label: option.name }))]}
        />
      </FormGroup>
    );
  };
  const save = () => {
    const found: FieldErrors = {};
    if (draft.hotel_id === null) found.hotel_id = [MESSAGES.validation.required];
    if (draft.room_id === null) found.room_id = [MESSAGES.validation.required];
    if (!draft.start_at) found.start_at = [MESSAGES.validation.required];
    if (!draft.finish_at) found.finish_at = [MESSAGES.validation.required];
    if (room) {
      for (const [name, , cap] of COUNTS) if ((Number(draft[name]) || 0) > room[cap]) found[name] = [MESSAGES.applications.roomCap(room[cap])];
    }
    if (checkRow(found, setErrors, MESSAGES.hotels.fillRequired)) onSave(draft);
  };
  return (
    <RowDialog id="accommodation-dialog" isOpen title={TITLES[mode]} width="60vw" errors={errors} onSave={save} onClose={onClose}>
      <div className="editor-grid">
        {select('hotel_id', 'Отель', choices, true)}
        {select('room_id', 'Номер', (hotel?.rooms ?? []).map((item) => ({ id: item.id, name: roomName(item) })), true)}
        {select('meal_id', 'Питание', room?.meals ?? [], false)}
        <FormFields fields={[{ kind: 'daterange', name: 'start_at', toName: 'finish_at', label: 'Даты проживания' }]} form={{ values, setValue, errors }} editing idPrefix="accommodation" />
        <FormFields
          fields={COUNTS.map(([name, label, cap]) => ({ kind: 'number' as const, name, label, min: 0, max: room ? room[cap] : 999, hint: room ? `Не больше ${room[cap]}` : undefined }))}
          form={{ values, setValue, errors }}
          editing
          idPrefix="accommodation"
        />
      </div>
      {room && room.periods.length > 0 && <p className="bp6-text-muted">Цены есть на: {room.periods.map((period) => `${formatDate(period.from)} – ${formatDate(period.to)}`).join('; ')}</p>}
    </RowDialog>
  );
}
