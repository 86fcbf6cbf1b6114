/**
 * The catalogue sections the tour is placed in (spec 03 §2.5 "Catalog sections tab", §4, §5): name,
 * cost and sort; in the dialog the section is locked once chosen and Save waits for one.
 */
import { MESSAGES } from '@shared/messages';
import { TOUR_LIMITS } from '@shared/tours/constants';
import { catalogSectionEntryErrors } from '@shared/tours/schema';
import type { TourData } from '@shared/tours/types';
import type { FieldErrors } from '@shared/validation';
import { CollectionTable, moneyColumn } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode, type RowDialogProps } from '../../../common/editor/useCollectionEditor';
import { FormFields, type SetField } from '../../../common/form/fields';
import { blankCatalogEntry, cellText, type CatalogEntryValues, type TourValues } from '../form';

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
  setErrors(change: (errors: FieldErrors) => FieldErrors): void;
  data: TourData;
}

export function CatalogTab({ form, update, errors, setErrors, data }: Props) {
  const { editor } = useFormCollection('catalog_sections', { items: form.catalog_sections, update, errors, setErrors, blank: blankCatalogEntry, copy: (entry) => ({ ...entry, id: null }) });
  const dialog = rowDialogProps(editor);
  const taken = form.catalog_sections.filter((_, index) => !(editor.state.open && index === editor.state.index)).map((entry) => entry.id);
  return (
    <>
      <CollectionTable<CatalogEntryValues>
        label="Разделы каталога"
        name="catalog-sections"
        {...editor.table({ copy: false })}
        pageSize={10}
        addText="Добавить раздел"
        columns={[
          { title: 'Название', render: (entry) => entry.name ?? data.catalog_sections.find((section) => section.id === entry.id)?.name ?? '' },
          moneyColumn<CatalogEntryValues>('Стоимость', (entry) => entry.sum),
          { title: 'Сортировка', render: (entry) => cellText(entry.sort), width: 110 },
        ]}
      />
      {dialog && (
        <EntryDialog
          {...dialog}
          sections={data.catalog_sections.filter((section) => !taken.includes(section.id))}
          locked={dialog.mode === 'edit'}
          onSave={(entry) => dialog.onSave({ ...entry, name: data.catalog_sections.find((section) => section.id === entry.id)?.name ?? entry.name })}
        />
      )}
    </>
  );
}

const TITLES: Record<RowDialogMode, string> = { create: 'Добавление раздела', edit: 'Редактирование раздела', copy: 'Копирование раздела' };

function EntryDialog({ mode, draft, setDraft, serverErrors, sections, locked, onSave, onClose }: RowDialogProps<CatalogEntryValues> & {
  sections: { id: number; name: string }[];
  /** A saved entry keeps its section (spec 03 §2.5: the select is locked once chosen). */
  locked: boolean;
}) {
  const { errors, setErrors, setValue } = useRowDraft(setDraft, serverErrors);
  const items = locked && draft.id !== null && !sections.some((section) => section.id === draft.id) ? [...sections, { id: draft.id, name: draft.name ?? String(draft.id) }] : sections;
  return (
    <RowDialog
      id="catalog-section-dialog"
      isOpen
      title={TITLES[mode]}
      width="50vw"
      errors={errors}
      saveDisabled={draft.id === null}
      onSave={() => {
        if (checkRow(catalogSectionEntryErrors(draft), setErrors, MESSAGES.tours.fillRequired)) onSave(draft);
      }}
      onClose={onClose}
    >
      <FormFields
        fields={[
          { kind: 'select', name: 'id', label: 'Раздел каталога', required: true, options: { items }, lockedReason: () => locked && MESSAGES.tours.catalogSectionFixed },
          { kind: 'number', name: 'sum', label: 'Стоимость, ₽', min: 0, max: TOUR_LIMITS.catalogCost, step: 0.01 },
          { kind: 'number', name: 'sort', label: 'Сортировка', min: TOUR_LIMITS.catalogSort.min, max: TOUR_LIMITS.catalogSort.max, hint: `от ${TOUR_LIMITS.catalogSort.min} до ${TOUR_LIMITS.catalogSort.max}` },
        ]}
        form={{ values: draft, setValue, errors }}
        editing
        idPrefix="catalog-section"
      />
    </RowDialog>
  );
}
