/**
 * Transports tab (spec 03 §2.10): the transfer types (bus, railway, avia) and the table of there/back
 * bus transport pairs — transports reaching the tour's city (`type=forth`) and leaving it
 * (`type=back`) — editable only with the bus transfer type. Without it the pairs are not saved
 * (the shared schema clears them), which the tab says while any are listed.
 */
import { Callout } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { PICKER_LIMITS } from '@shared/list';
import { MESSAGES } from '@shared/messages';
import { SEA_TOUR_LIMITS as L } from '@shared/sea-tours/constants';
import { SEA_TOUR_PATHS } from '@shared/sea-tours/paths';
import { pairsAllowed } from '@shared/sea-tours/rules';
import { transportPairErrors } from '@shared/sea-tours/schema';
import type { SeaTourData } from '@shared/sea-tours/types';
import type { FieldErrors } from '@shared/validation';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { FieldsRowDialog } from '../../../common/editor/FieldsRowDialog';
import { dropErrors } from '../../../common/editor/useAggregateEditor';
import { useCollectionEditor } from '../../../common/editor/useCollectionEditor';
import { FormFields, type FieldSpec, type SetField } from '../../../common/form/fields';
import { blankPair, type PairValues, type SeaTourValues } from '../form';

interface Props {
  form: SeaTourValues;
  update: SetField<SeaTourValues>;
  errors: FieldErrors;
  setErrors(update: (errors: FieldErrors) => FieldErrors): void;
  data: SeaTourData;
}

export function TransportsTab({ form, update, errors, setErrors, data }: Props) {
  const pairErrors = errorsUnder(errors, 'transports');
  const editor = useCollectionEditor<PairValues>({
    items: form.transports,
    onChange: (next) => update('transports', next),
    blank: blankPair,
    copy: (pair) => pair,
    errors: pairErrors,
    onErrorsAnswered: (index) => setErrors((current) => dropErrors(current, index === null ? 'transports' : `transports.${index}`)),
  });
  const allowed = pairsAllowed(form.transfer_types_ids);
  const city = form.city_id;
  const editable = allowed && city !== null;
  return (
    <div>
      <div className="editor-grid">
        <div className="editor-wide">
          <FormFields form={{ values: form, setValue: update, errors }} editing fields={[{ kind: 'multiselect', name: 'transfer_types_ids', label: 'Типы трансфера', options: { items: data.transfer_types } }]} />
        </div>
      </div>
      <div className="editor-section-title">Автобусный транспорт туда и обратно</div>
      {!allowed && form.transports.length > 0 && <Callout intent="warning">{MESSAGES.seaTours.pairsNeedBus}</Callout>}
      {allowed && city === null && <Callout intent="primary">{MESSAGES.seaTours.chooseCityFirst}</Callout>}
      <CollectionTable<PairValues>
        label="Пары транспорта"
        name="transports"
        rows={form.transports}
        pageSize={L.rowsPerPage}
        errors={pairErrors}
        addText="Добавить пару"
        onAdd={editable ? editor.openCreate : undefined}
        onEdit={editable ? editor.openEdit : undefined}
        onDelete={editable ? editor.remove : undefined}
        disabled={!editable}
        columns={[
          { title: 'Туда', render: (pair) => pair.transport_forth?.name ?? '' },
          { title: 'Обратно', render: (pair) => pair.transport_back?.name ?? '' },
        ]}
      />
      {editor.state.open && city !== null && (
        <FieldsRowDialog<PairValues>
          id="transport-pair-dialog"
          title={editor.state.mode === 'edit' ? MESSAGES.seaTours.pairEdit : MESSAGES.seaTours.pairCreate}
          draft={editor.state.draft}
          setDraft={editor.setDraft}
          errors={editor.rowErrors}
          validate={transportPairErrors}
          fields={pairFields(city)}
          wide={['transport_forth_id', 'transport_back_id']}
          onSave={editor.commit}
          onClose={editor.close}
        />
      )}
    </div>
  );
}

/** A transport of the pair: the transports picker narrowed to the city and the direction; its name travels with it for the table. */
const transportField = (name: 'transport_forth_id' | 'transport_back_id', label: string, cityId: number, type: 'forth' | 'back'): FieldSpec<PairValues> => {
  const named = type === 'forth' ? 'transport_forth' : 'transport_back';
  return {
    kind: 'select',
    name,
    label,
    required: true,
    options: { search: SEA_TOUR_PATHS.transports(cityId, type), limit: PICKER_LIMITS.default, delayMs: PICKER_LIMITS.debounceMs },
    known: (values) => {
      const chosen = values[named];
      return chosen ? [chosen] : [];
    },
    optionTo: named,
  };
};

const pairFields = (cityId: number) => [transportField('transport_forth_id', 'Туда', cityId, 'forth'), transportField('transport_back_id', 'Обратно', cityId, 'back')];
