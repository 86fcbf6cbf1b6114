/**
 * The calculator's hotels (spec 03 §2.11, §4; issue 30): city, hotel (the bounded picker of the
 * city's hotels, fixed once the row has rooms), arrival and departure day, meal — all four go into
 * the offer — and the room lines (count, nights — by default departure − arrival day —, a night's
 * sum and an extra sum).
 */
import { Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import { CALCULATOR_LIMITS as L } from '@shared/tour-calculators/constants';
import { CALCULATOR_PATHS } from '@shared/tour-calculators/paths';
import { hotelLocked } from '@shared/tour-calculators/rules';
import { calculatorHotelErrors } from '@shared/tour-calculators/schema';
import type { CalculatorData } from '@shared/tour-calculators/types';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode, type RowDialogProps } from '../../../common/editor/useCollectionEditor';
import { FormFields, type SetField } from '../../../common/form/fields';
import { LockableGroup } from '../../../common/form/locks';
import { PickerField } from '../../../common/form/PickerField';
import { blankHotel, blankRoom, type CalculatorTabProps, type HotelValues } from '../form';
import { InlineRows } from '../../../common/editor/InlineRows';
import { roomFields } from '../rows';

const C = MESSAGES.tourCalculators;
const nameIn = (list: { id: number; name: string }[], id: unknown) => list.find((item) => item.id === id)?.name ?? '';

export function HotelsTab({ form, update, errors, setErrors, data }: CalculatorTabProps) {
  const { editor } = useFormCollection('hotels', { items: form.hotels, update, errors, setErrors, blank: blankHotel, copy: ({ id: _id, ...hotel }) => ({ ...hotel, rooms: hotel.rooms.map(({ id: _room, ...room }) => room) }) });
  const dialog = rowDialogProps(editor);
  return (
    <>
      <CollectionTable<HotelValues>
        label="Отели"
        name="calculator-hotels"
        {...editor.table({ copy: false, add: form.hotels.length < L.hotels })}
        pageSize={L.rowsPerPage}
        addText="Добавить отель"
        columns={[
          { title: 'Город', render: (hotel) => nameIn(data.cities, hotel.city_id) },
          { title: 'Отель', render: (hotel) => hotel.hotel_name ?? '' },
          { title: 'День заезда', render: (hotel) => String(hotel.arrival_day ?? '') },
          { title: 'День выезда', render: (hotel) => String(hotel.departure_day ?? '') },
          { title: 'Питание', render: (hotel) => nameIn(data.meals, hotel.meal_id) },
          { title: 'Номера', render: (hotel) => hotel.rooms.map((room) => `${room.name} × ${String(room.count ?? '')}`).join(', ') },
        ]}
      />
      {dialog && <HotelDialog {...dialog} data={data} />}
    </>
  );
}

const TITLES: Record<RowDialogMode, string> = { create: C.hotelCreate, edit: C.hotelEdit, copy: C.hotelCreate };

function HotelDialog({ mode, draft, setDraft, serverErrors, data, onSave, onClose }: RowDialogProps<HotelValues> & { data: CalculatorData }) {
  const row = useRowDraft(setDraft, serverErrors);
  const { errors, setErrors } = row;
  const locked = hotelLocked(draft) ? C.hotelLocked : null;
  // The hotel is one of the city's: another city lets it go (only while there are no rooms, which fix the hotel).
  const setValue: SetField<HotelValues> = (name, value) => {
    row.setValue(name, value);
    if (name === 'city_id' && value !== draft.city_id) setDraft((current) => ({ ...current, hotel_id: null, hotel_name: undefined }));
  };
  const hotelError = errors.hotel_id?.[0];
  const save = () => {
    if (checkRow(calculatorHotelErrors(draft), setErrors, MESSAGES.tours.fillRequired)) onSave(draft);
  };
  return (
    <RowDialog id="calculator-hotel-dialog" isOpen title={TITLES[mode]} width="50vw" errors={errors} onSave={save} onClose={onClose}>
      <div className="editor-grid">
        <FormFields
          fields={[{ kind: 'select', name: 'city_id', label: 'Город', options: { items: data.cities }, clearable: true, lockedReason: () => locked }]}
          form={{ values: draft, setValue, errors }}
          editing
          idPrefix="calc-hotel"
        />
        <LockableGroup label="Отель" labelFor="calc-hotel-id" required lockedReason={locked} helperText={hotelError} intent={hotelError ? Intent.DANGER : Intent.NONE}>
          <PickerField
            id="calc-hotel-id"
            testId="picker-calc-hotel"
            path={CALCULATOR_PATHS.hotels}
            params={draft.city_id !== null ? { city_id: draft.city_id } : undefined}
            value={draft.hotel_id}
            selected={draft.hotel_id !== null && draft.hotel_name ? { id: draft.hotel_id, name: draft.hotel_name } : null}
            intent={hotelError ? Intent.DANGER : Intent.NONE}
            disabled={Boolean(locked)}
            onChange={(id) => setValue('hotel_id', id)}
            onPick={(hotel) => setDraft((current) => ({ ...current, hotel_name: hotel.name }))}
          />
        </LockableGroup>
        <FormFields
          fields={[
            { kind: 'number', name: 'arrival_day', label: 'День заезда', min: L.duration.min, max: L.duration.max, required: true },
            { kind: 'number', name: 'departure_day', label: 'День выезда', min: L.duration.min, max: L.duration.max, required: true },
            { kind: 'select', name: 'meal_id', label: 'Питание', options: { items: data.meals }, clearable: true },
          ]}
          form={{ values: draft, setValue, errors }}
          editing
          idPrefix="calc-hotel"
        />
      </div>
      <h4 className="calc-rows-title">Номера</h4>
      <InlineRows
        label="Номера"
        testId="hotel-rooms"
        rows={draft.rooms}
        onChange={(rooms) => row.setValue('rooms', rooms, 'rooms')}
        fields={roomFields}
        blank={blankRoom(draft)}
        errors={errorsUnder(errors, 'rooms')}
        addText="Добавить номер"
        max={L.roomsPerHotel}
      />
    </RowDialog>
  );
}
