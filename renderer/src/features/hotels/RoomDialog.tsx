/**
 * A room of the hotel (spec 02 "Rooms tab", §4 "Room places", §5 "Room"): general data with the
 * place rules, photos, price periods, and the administrator's external information.
 */
import { Button, Callout, FormGroup, InputGroup, Intent, Pre } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { HOTEL_LIMITS, HotelFileType, ROOM_AGE_LISTS, type RoomAgeList } from '@shared/hotels/constants';
import { HOTEL_PATHS } from '@shared/hotels/paths';
import { placeCapErrors, placeLocked, roomCaps } from '@shared/hotels/rules';
import { roomErrors } from '@shared/hotels/schema';
import type { Photo } from '@shared/files';
import { formatDate } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { useState } from 'react';
import { api } from '../../api/http';
import { CollectionTable, moneyCell, moneyColumn } from '../../common/editor/CollectionTable';
import { ConfirmDelete } from '../../common/ConfirmDelete';
import { NumberField } from '../../common/form/NumberField';
import { checkRow, RowDialog, useRowDraft } from '../../common/editor/RowDialog';
import { dropErrors } from '../../common/editor/useAggregateEditor';
import { useCollectionEditor, type RowDialogMode } from '../../common/editor/useCollectionEditor';
import { ItemSumList } from '../../common/editor/ItemSumList';
import { PhotoListEditor } from '../../common/content-editors';
import { FormFields, type FieldSpec, type Option } from '../../common/form/fields';
import { toast } from '../../common/toaster';
import { blankPeriod, ROOM_TAB_OWNS, roomGeneralOwns, type PeriodValues, type RoomValues } from './form';

type Premises = RoomValues['premises'][number];
import { PeriodDialog } from './PeriodDialog';
import type { HotelData, RoomData } from './useHotelData';

interface Props {
  isOpen: boolean;
  mode: RowDialogMode;
  draft: RoomValues;
  setDraft(draft: RoomValues | ((current: RoomValues) => RoomValues)): void;
  /** The room's errors from the last save of the hotel (`dates.0.to`). */
  errors: FieldErrors;
  /** Meals chosen at hotel level: a room picks among them. */
  hotelMeals: Option[];
  data: HotelData;
  rooms: RoomData;
  isAdministrator: boolean;
  onSave(room: RoomValues): void;
  onClose(): void;
}

const TITLES: Record<RowDialogMode, string> = { create: MESSAGES.hotels.roomCreate, edit: MESSAGES.hotels.roomEdit, copy: MESSAGES.hotels.roomCopy };
const AGE_LISTS = Object.keys(ROOM_AGE_LISTS) as RoomAgeList[];

export function RoomDialog({ isOpen, mode, draft, setDraft, errors: serverErrors, hotelMeals, data, rooms, isAdministrator, onSave, onClose }: Props) {
  const { errors, setErrors } = useRowDraft(setDraft, serverErrors, isOpen);
  const [premisesToDelete, setPremisesToDelete] = useState<number | null>(null);

  const place = rooms.places.find((item) => item.id === draft.place_id);
  const caps = roomCaps(draft, place);
  const set = (changes: Partial<RoomValues>) => {
    setDraft((current) => {
      const next = { ...current, ...changes };
      // Spec 02 §4: children on adult places exist only with adults (likewise the extra places).
      if (Number(next.adult_count) === 0) Object.assign(next, { is_children_in_adult_places: false, in_adult_places_children_ages: [] });
      if (Number(next.adv_adult_count) === 0) Object.assign(next, { is_children_in_adv_adult_places: false, in_adv_adult_places_children_ages: [] });
      return next;
    });
    setErrors((current) => Object.keys(changes).reduce(dropErrors, current));
  };
  // The form shows age lists as ids; the payload keeps {id, type}.
  const values = { ...draft, ...Object.fromEntries(AGE_LISTS.map((list) => [list, (draft[list] ?? []).map((age: { id: number }) => age.id)])) };
  const setValue = (name: string, value: unknown) =>
    set(AGE_LISTS.includes(name as RoomAgeList) ? { [name]: (value as number[]).map((id) => ({ id, type: ROOM_AGE_LISTS[name as RoomAgeList] })) } : { [name]: value });
  const form = { values, setValue, errors };
  const ages = { items: rooms.children_ages };
  const number = (name: string, label: string, cap?: number, extra: Partial<FieldSpec> = {}): FieldSpec =>
    ({ kind: 'number', name, label, min: 0, max: cap, required: true, hint: cap !== undefined ? `не более ${cap}` : undefined, ...extra }) as FieldSpec;

  const periods = useCollectionEditor<PeriodValues>({
    items: draft.dates ?? [],
    onChange: (dates) => set({ dates }),
    blank: blankPeriod,
    copy: ({ id: _id, ...period }) => period,
    errors: errorsUnder(errors, 'dates'),
    onErrorsAnswered: (index) => setErrors((current) => dropErrors(current, index === null ? 'dates' : `dates.${index}`)),
  });

  const save = () => {
    const meals = (draft.meals ?? []).filter((meal: number) => hotelMeals.some((option) => option.id === meal));
    const room: RoomValues = { ...draft, meals, quota_count: draft.quota ? draft.quota_count : null };
    const found = { ...roomErrors(room), ...placeCapErrors(room, place) };
    if (!checkRow(found, setErrors, MESSAGES.hotels.fillRequired)) return;
    // Spec 02 §5: a room without price periods is saved all the same, with a warning.
    if ((room.dates ?? []).length === 0) toast.warning(MESSAGES.hotels.datesNotSelected);
    onSave(room);
  };

  const cleanExternalId = async () => {
    await api.put(HOTEL_PATHS.cleanExternalId(Number(draft.id)));
    set({ external_id: null });
    toast.success(MESSAGES.hotels.externalIdCleared);
  };

  const general = (
    <div>
      <div className="editor-grid">
        <FormFields
          fields={[
            { kind: 'select', name: 'type_id', label: 'Тип номера', required: true, options: { items: rooms.types } },
            { kind: 'select', name: 'description_id', label: 'Описание', options: { items: rooms.descriptions }, clearable: true },
            { kind: 'select', name: 'accommodation_id', label: 'Условия размещения', required: true, options: { items: data.accommodations } },
            { kind: 'switch', name: 'quota', label: 'Квота' },
            { kind: 'number', name: 'quota_count', label: 'Количество по квоте', min: 0, max: HOTEL_LIMITS.quotaCount, required: true, visible: (current) => current.quota === true },
          ]}
          form={form}
          editing
        />
        {/* The layout is locked once any count is above zero (spec 02 §4). */}
        <FormFields fields={[{ kind: 'select', name: 'place_id', label: 'Размещение', required: true, options: { items: rooms.places }, lockedReason: (current) => placeLocked(current) && MESSAGES.hotels.placeLocked }]} form={form} editing />
      </div>
      <div className="editor-section-title">Основные места</div>
      <div className="editor-grid">
        <FormFields fields={[number('adult_count', 'Взрослых', caps?.adult_count), number('child_count', 'Детей', caps?.child_count)]} form={form} editing />
        <FormFields fields={[{ kind: 'multiselect', name: 'children_ages', label: 'Возраст детей', required: true, options: ages, visible: (current) => Number(current.child_count) > 0 }]} form={form} editing />
        <FormFields fields={[{ kind: 'checkbox', name: 'is_children_in_adult_places', label: 'Дети на взрослых местах' }]} form={form} editing disabled={Number(draft.adult_count) === 0} />
        <FormFields
          fields={[
            { kind: 'multiselect', name: 'in_adult_places_children_ages', label: 'Возраст детей на взрослых местах', options: ages, visible: (current) => current.is_children_in_adult_places === true },
            { kind: 'number', name: 'child_without', label: 'Детей без места', min: 0 },
            { kind: 'multiselect', name: 'children_ages_without_place', label: 'Возраст детей без места', options: ages, visible: (current) => Number(current.child_without) > 0 },
          ]}
          form={form}
          editing
        />
      </div>
      <div className="editor-section-title">Дополнительные места</div>
      <div className="editor-grid">
        <FormFields fields={[number('adv_adult_count', 'Взрослых на доп. местах', caps?.adv_adult_count), number('adv_child_count', 'Детей на доп. местах', caps?.adv_child_count)]} form={form} editing />
        <FormFields fields={[{ kind: 'multiselect', name: 'adv_children_ages', label: 'Возраст детей на доп. местах', required: true, options: ages, visible: (current) => Number(current.adv_child_count) > 0 }]} form={form} editing />
        <FormFields fields={[{ kind: 'checkbox', name: 'is_children_in_adv_adult_places', label: 'Дети на взрослых доп. местах' }]} form={form} editing disabled={Number(draft.adv_adult_count) === 0} />
        <FormFields
          fields={[{ kind: 'multiselect', name: 'in_adv_adult_places_children_ages', label: 'Возраст детей на взрослых доп. местах', options: ages, visible: (current) => current.is_children_in_adv_adult_places === true }]}
          form={form}
          editing
        />
      </div>
      <div className="editor-section-title">Оснащение и питание</div>
      <div className="editor-grid">
        <FormFields fields={[{ kind: 'multiselect', name: 'meals', label: 'Питание', required: true, options: { items: hotelMeals }, hint: hotelMeals.length === 0 ? 'Сначала выберите питание отеля на вкладке «Данные»' : undefined }]} form={form} editing />
        <FormFields fields={[{ kind: 'text', name: 'area', label: 'Площадь номера' }]} form={form} editing />
      </div>
      <div className="editor-grid">
        <ItemSumList label="Иконки" options={data.services} value={draft.services ?? []} onChange={(list) => set({ services: list })} errors={errorsUnder(errors, 'services')} />
        <ItemSumList label="Услуги" options={rooms.services} value={draft.r_services ?? []} onChange={(list) => set({ r_services: list })} errors={errorsUnder(errors, 'r_services')} />
        <ItemSumList label="Оснащение" options={rooms.equipments} value={draft.r_equipments ?? []} onChange={(list) => set({ r_equipments: list })} errors={errorsUnder(errors, 'r_equipments')} />
        <ItemSumList label="Мебель" options={rooms.furniture} value={draft.r_furnitures ?? []} onChange={(list) => set({ r_furnitures: list })} errors={errorsUnder(errors, 'r_furnitures')} />
        <ItemSumList label="Ванная комната" options={rooms.bathrooms} value={draft.r_bathrooms ?? []} onChange={(list) => set({ r_bathrooms: list })} errors={errorsUnder(errors, 'r_bathrooms')} />
      </div>
      <div className="editor-section-title">Помещения</div>
      {(draft.premises ?? []).map((premises, index) => {
        const nameError = errors[`premises.${index}.name`]?.[0];
        const areaError = errors[`premises.${index}.area`]?.[0];
        const change = (changes: Partial<Premises>) => setDraft((current) => ({ ...current, premises: current.premises.map((item, position) => (position === index ? { ...item, ...changes } : item)) }));
        return (
          <div key={index} className="item-list-row">
            <FormGroup helperText={nameError} intent={nameError ? Intent.DANGER : Intent.NONE}>
              <InputGroup aria-label="Название помещения" placeholder="Название помещения" maxLength={HOTEL_LIMITS.premisesName} value={premises.name ?? ''} intent={nameError ? Intent.DANGER : Intent.NONE} onValueChange={(name) => change({ name })} />
            </FormGroup>
            <FormGroup helperText={areaError} intent={areaError ? Intent.DANGER : Intent.NONE}>
              <NumberField aria-label="Площадь, м²" placeholder="м²" min={0} max={HOTEL_LIMITS.premisesArea} value={premises.area ?? null} onChange={(area) => change({ area })} />
            </FormGroup>
            <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label="Удалить помещение" onClick={() => setPremisesToDelete(index)} />
          </div>
        );
      })}
      <Button icon="add" text="Добавить помещение" onClick={() => set({ premises: [...(draft.premises ?? []), { name: '', area: null }] })} />
      <ConfirmDelete
        item={premisesToDelete}
        message={MESSAGES.hotels.confirmDeletePremises}
        onCancel={() => setPremisesToDelete(null)}
        onConfirm={(index) => {
          setDraft((current) => ({ ...current, premises: current.premises.filter((_, position) => position !== index) }));
          setPremisesToDelete(null);
        }}
      />
    </div>
  );

  const dates = (
    <>
      {(draft.dates ?? []).length === 0 && <Callout intent={Intent.WARNING} icon="warning-sign">{MESSAGES.hotels.datesNotSelected}</Callout>}
      <CollectionTable<PeriodValues>
        label="Периоды цен"
        name="periods"
        {...periods.table({ copy: true })}
        pageSize={HOTEL_LIMITS.periodsPerPage}
        addText="Добавить период"
        columns={[
          { title: 'С', render: (period) => formatDate(period.from) },
          { title: 'По', render: (period) => formatDate(period.to) },
          { title: 'Взрослый', render: (period) => (period.is_total_price ? '—' : moneyCell(period.adult_price)) },
          { title: 'Ребёнок', render: (period) => (period.is_total_price ? '—' : moneyCell(period.child_price)) },
          { title: 'Общая цена', render: (period) => (period.is_total_price ? moneyCell(period.total_price) : '—') },
          moneyColumn('Без места', (period) => period.child_without_price),
          moneyColumn('Доп. взрослый', (period) => period.adv_adult_price),
          moneyColumn('Доп. ребёнок', (period) => period.adv_child_price),
        ]}
      />
      {periods.state.open && (
        <PeriodDialog
          isOpen
          mode={periods.state.mode}
          draft={periods.state.draft}
          setDraft={periods.setDraft}
          others={draft.dates.filter((_, index) => !(periods.state.open && index === periods.state.index))}
          errors={periods.rowErrors}
          onSave={periods.commit}
          onClose={periods.close}
        />
      )}
    </>
  );

  return (
    <RowDialog
      id="room-dialog"
      isOpen={isOpen}
      title={TITLES[mode]}
      errors={errors}
      onSave={save}
      onClose={onClose}
      tabs={[
        { id: 'general', title: 'Основное', owns: roomGeneralOwns, panel: general },
        {
          id: 'photos',
          title: 'Фото',
          owns: ROOM_TAB_OWNS.photos,
          panel: (
            <PhotoListEditor
              value={(draft.photos ?? []).map((photo: Photo, index: number) => ({ ...photo, sort: photo.sort ?? index + 1 }))}
              onChange={(photos) => set({ photos })}
              entity="hotel"
              uploadPath={HOTEL_PATHS.files}
              type={HotelFileType.RoomPhoto}
              errors={errorsUnder(errors, 'photos')}
              deleteUnsavedOnRemove={false}
            />
          ),
        },
        { id: 'dates', title: 'Даты', owns: ROOM_TAB_OWNS.dates, panel: dates },
        {
          id: 'external',
          title: 'Внешняя информация',
          owns: () => false,
          hidden: !isAdministrator,
          panel: (
            <div>
              <FormGroup label="Внешний идентификатор">
                <InputGroup readOnly value={draft.external_id ?? ''} placeholder="нет" aria-label="Внешний идентификатор" />
              </FormGroup>
              <Button icon="eraser" text="Очистить внешний идентификатор" disabled={!draft.id || !draft.external_id} onClick={() => void cleanExternalId()} />
              <FormGroup label="Данные внешнего сервиса" className="editor-section-title">
                <Pre>{draft.payload ? JSON.stringify(draft.payload, null, 2) : 'нет данных'}</Pre>
              </FormGroup>
            </div>
          ),
        },
      ]}
    />
  );
}

