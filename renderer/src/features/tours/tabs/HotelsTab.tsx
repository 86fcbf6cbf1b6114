/**
 * The tour's hotels (spec 03 §2.5 "Hotels tab", §4): city, hotel (the bounded hotel picker, by the
 * chosen city), arrival and departure day, meal; the hotel-selection switch needs at least two
 * hotels and turns itself off when fewer remain.
 */
import { FormGroup, Intent, Switch } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { TOUR_LIMITS } from '@shared/tours/constants';
import { TOUR_PATHS } from '@shared/tours/paths';
import type { TourData } from '@shared/tours/types';
import type { FieldErrors } from '@shared/validation';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode, type RowDialogProps } from '../../../common/editor/useCollectionEditor';
import { FormFields, type SetField } from '../../../common/form/fields';
import { PickerField } from '../../../common/form/PickerField';
import { blankHotel, cellText, type TourHotelValues, type TourValues } from '../form';
import { pickerList } from './pickers';

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
  setErrors(change: (errors: FieldErrors) => FieldErrors): void;
  data: TourData;
}

/** Hotel selection makes sense with two hotels or more (spec 03 §4). */
const SELECTION_MIN = 2;
const nameIn = (list: { id: number; name: string }[], id: unknown) => list.find((item) => item.id === id)?.name ?? '';

export function HotelsTab({ form, update, errors, setErrors, data }: Props) {
  const setHotels = (hotels: TourHotelValues[]) => {
    update('hotels', hotels);
    if (hotels.length < SELECTION_MIN && form.is_hotel_selection) update('is_hotel_selection', false);
  };
  const { editor } = useFormCollection('hotels', { items: form.hotels, update, errors, setErrors, onChange: setHotels, blank: blankHotel, copy: (hotel) => ({ ...hotel }) });
  const dialog = rowDialogProps(editor);
  const selectionError = errors.is_hotel_selection?.[0];
  return (
    <>
      <FormGroup helperText={selectionError ?? (form.hotels.length < SELECTION_MIN ? 'Выбор отеля доступен, когда в туре не меньше двух отелей' : undefined)} intent={selectionError ? Intent.DANGER : Intent.NONE}>
        <Switch
          role="switch"
          label="Выбор отеля туристом"
          checked={form.is_hotel_selection}
          disabled={form.hotels.length < SELECTION_MIN}
          onChange={(event) => update('is_hotel_selection', event.currentTarget.checked)}
        />
      </FormGroup>
      <CollectionTable<TourHotelValues>
        label="Отели"
        name="hotels"
        {...editor.table({ copy: false })}
        pageSize={10}
        addText="Добавить отель"
        columns={[
          { title: 'Город', render: (hotel) => hotel.city_name ?? nameIn(data.cities, hotel.city_id) },
          { title: 'Отель', render: (hotel) => hotel.name ?? '' },
          { title: 'День заезда', render: (hotel) => cellText(hotel.arrival_day) },
          { title: 'День выезда', render: (hotel) => cellText(hotel.departure_day) },
          { title: 'Питание', render: (hotel) => nameIn(data.meals, hotel.meal_id) },
        ]}
      />
      {dialog && <HotelDialog {...dialog} data={data} />}
    </>
  );
}

const TITLES: Record<RowDialogMode, string> = { create: 'Добавление отеля', edit: 'Редактирование отеля', copy: 'Копирование отеля' };

function HotelDialog({ mode, draft, setDraft, serverErrors, data, onSave, onClose }: RowDialogProps<TourHotelValues> & { data: TourData }) {
  const row = useRowDraft(setDraft, serverErrors);
  const { errors, setErrors } = row;
  // The hotel is chosen among the city's: another city lets it go.
  const setValue: SetField<TourHotelValues> = (name, value) => {
    row.setValue(name, value);
    if (name === 'city_id' && value !== draft.city_id) setDraft((current) => ({ ...current, id: null, name: undefined }));
  };
  const hotelError = errors.id?.[0];
  const save = () => {
    const found: FieldErrors = draft.id === null ? { id: [MESSAGES.validation.required] } : {};
    if (checkRow(found, setErrors, MESSAGES.tours.fillRequired)) onSave({ ...draft, city_name: draft.city_id === null ? null : nameIn(data.cities, draft.city_id) });
  };
  return (
    <RowDialog
      id="hotel-dialog"
      isOpen
      title={TITLES[mode]}
      width="50vw"
      errors={errors}
      onSave={save}
      onClose={onClose}
    >
      <div className="editor-grid">
        <FormFields
          fields={[{ kind: 'select', name: 'city_id', label: 'Город', options: { items: data.cities }, clearable: true }]}
          form={{ values: draft, setValue, errors }}
          editing
          idPrefix="hotel"
        />
        <FormGroup label="Отель" labelFor="hotel-id" labelInfo="*" helperText={hotelError} intent={hotelError ? Intent.DANGER : Intent.NONE}>
          <PickerField
            id="hotel-id"
            testId="picker-hotel"
            path={pickerList(TOUR_PATHS.hotelsPicker)}
            params={draft.city_id !== null ? { city_id: draft.city_id } : undefined}
            value={draft.id}
            selected={draft.id !== null && draft.name ? { id: draft.id, name: draft.name } : null}
            intent={hotelError ? Intent.DANGER : Intent.NONE}
            onChange={(id) => setValue('id', id)}
            onPick={(hotel) => setDraft((current) => ({ ...current, name: hotel.name }))}
          />
        </FormGroup>
        <FormFields
          fields={[
            { kind: 'number', name: 'arrival_day', label: 'День заезда', min: 0, max: TOUR_LIMITS.number },
            { kind: 'number', name: 'departure_day', label: 'День выезда', min: 0, max: TOUR_LIMITS.number },
            { kind: 'select', name: 'meal_id', label: 'Питание', options: { items: data.meals }, clearable: true },
          ]}
          form={{ values: draft, setValue, errors }}
          editing
          idPrefix="hotel"
        />
      </div>
    </RowDialog>
  );
}
