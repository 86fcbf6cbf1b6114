/**
 * Commission tab (spec 03 §2.10): the tour's three percent markups (bus, railway, avia) and the hotel
 * commission groups — hotels of the tour's city (the hotels picker narrowed by `city_id`) with their
 * own three markups, added and edited in a row dialog.
 */
import { Callout } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import { SEA_TOUR_LIMITS as L, SEA_TOUR_MARKUPS, type SeaTourMarkup } from '@shared/sea-tours/constants';
import { SEA_TOUR_PATHS } from '@shared/sea-tours/paths';
import { hotelGroupErrors } from '@shared/sea-tours/schema';
import { PICKER_LIMITS } from '@shared/list';
import type { FieldErrors } from '@shared/validation';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { FieldsRowDialog } from '../../../common/editor/FieldsRowDialog';
import { dropErrors } from '../../../common/editor/useAggregateEditor';
import { useCollectionEditor } from '../../../common/editor/useCollectionEditor';
import { FormFields, type FieldSpec, type SetField } from '../../../common/form/fields';
import { blankGroup, type GroupValues, type SeaTourValues } from '../form';

/** The three markups, of the tour and of a hotel group alike. */
const markupFields = <V extends Record<SeaTourMarkup, unknown>>(): FieldSpec<V>[] => SEA_TOUR_MARKUPS.map(({ key, label }) => ({ kind: 'number', name: key, label, min: L.percent.min, max: L.percent.max }));

interface Props {
  form: SeaTourValues;
  update: SetField<SeaTourValues>;
  errors: FieldErrors;
  setErrors(update: (errors: FieldErrors) => FieldErrors): void;
}

export function CommissionTab({ form, update, errors, setErrors }: Props) {
  const groupErrors = errorsUnder(errors, 'hotels');
  const editor = useCollectionEditor<GroupValues>({
    items: form.hotels,
    onChange: (next) => update('hotels', next),
    blank: blankGroup,
    copy: ({ id: _id, ...group }) => group,
    errors: groupErrors,
    onErrorsAnswered: (index) => setErrors((current) => dropErrors(current, index === null ? 'hotels' : `hotels.${index}`)),
  });
  const city = form.city_id;
  return (
    <div>
      <div className="editor-grid">
        <FormFields form={{ values: form, setValue: update, errors }} editing fields={markupFields<SeaTourValues>()} />
      </div>
      <div className="editor-section-title">Наценки по отелям</div>
      {city === null && <Callout intent="primary">{MESSAGES.seaTours.chooseCityFirst}</Callout>}
      <CollectionTable<GroupValues>
        label="Группы отелей"
        name="hotels"
        {...editor.table({ copy: false, add: city !== null })}
        pageSize={L.rowsPerPage}
        addText="Добавить группу"
        columns={[
          { title: 'Отели', render: (group) => <span className="cell-value">{(group.hotels_names ?? []).join(', ')}</span> },
          ...SEA_TOUR_MARKUPS.map(({ key, short }) => ({ title: short, width: 120, render: (group: GroupValues) => String(group[key] ?? '') })),
        ]}
      />
      {editor.state.open && city !== null && (
        <FieldsRowDialog<GroupValues>
          id="hotel-group-dialog"
          title={editor.state.mode === 'edit' ? MESSAGES.seaTours.groupEdit : MESSAGES.seaTours.groupCreate}
          draft={editor.state.draft}
          setDraft={editor.setDraft}
          errors={editor.rowErrors}
          validate={hotelGroupErrors}
          fields={groupFields(city)}
          wide={['hotels_ids']}
          onSave={editor.commit}
          onClose={editor.close}
        />
      )}
    </div>
  );
}

/** The group's hotels: hotels of the tour's city, searched on the server as the user types (bounded); their names travel with them for the table. */
const groupFields = (cityId: number): FieldSpec<GroupValues>[] => [
  {
    kind: 'multiselect',
    name: 'hotels_ids',
    label: 'Отели',
    required: true,
    options: { search: SEA_TOUR_PATHS.hotels(cityId), limit: PICKER_LIMITS.default, delayMs: PICKER_LIMITS.debounceMs },
    known: (values) => values.hotels_ids.map((id, index) => ({ id, name: values.hotels_names?.[index] ?? String(id) })),
    namesTo: 'hotels_names',
  },
  ...markupFields<GroupValues>(),
];
