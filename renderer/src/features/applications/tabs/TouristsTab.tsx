/**
 * Tourists (spec 03 §2.3, §3 "Tourist"): names, birth date, document and its number, citizenship,
 * gender; the tab's red mark shows the save's tourist errors. Hidden for avia and railway.
 */
import { touristSchema } from '@shared/applications/schema';
import { formatDate } from '@shared/format';
import { toFieldErrors } from '@shared/validation';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { FieldsRowDialog } from '../../../common/editor/FieldsRowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode } from '../../../common/editor/useCollectionEditor';
import type { TabProps } from './tabProps';
import { CollectionMessages } from './CollectionMessages';
import { blankTourist, touristName, type TouristValues } from '../form';

const TITLES: Record<RowDialogMode, string> = { create: 'Добавление туриста', edit: 'Редактирование туриста', copy: 'Копирование туриста' };

export function TouristsTab({ form, update, errors, setErrors, data }: TabProps) {
  const { editor } = useFormCollection('tourists', { items: form.tourists, update, errors, setErrors, blank: blankTourist, copy: (tourist) => ({ ...tourist, id: undefined }) });
  const dialog = rowDialogProps(editor);
  const name = (list: { id: number; name: string }[], id: unknown) => list.find((item) => item.id === Number(id))?.name ?? '';
  return (
    <>
      <CollectionTable<TouristValues>
        label="Туристы"
        name="tourists"
        {...editor.table({ copy: false })}
        pageSize={10}
        addText="Добавить туриста"
        columns={[
          { title: 'ФИО', render: (tourist) => touristName(tourist) },
          { title: 'Дата рождения', render: (tourist) => formatDate(tourist.birthday_date) },
          { title: 'Документ', render: (tourist) => name(data.tourists.documents, tourist.document) },
          { title: 'Номер', render: (tourist) => tourist.document_number ?? '' },
          { title: 'Гражданство', render: (tourist) => name(data.tourists.citizenship, tourist.citizenship) },
          { title: 'Пол', render: (tourist) => name(data.tourists.genders, tourist.gender) },
        ]}
      />
      <CollectionMessages name="tourists" errors={errors} />
      {dialog && (
        <FieldsRowDialog<TouristValues>
          id="tourist-dialog"
          title={TITLES[dialog.mode]}
          draft={dialog.draft}
          setDraft={dialog.setDraft}
          errors={dialog.serverErrors}
          validate={(row) => {
            const checked = touristSchema.safeParse(row);
            return checked.success ? {} : toFieldErrors(checked.error);
          }}
          fields={[
            { kind: 'text', name: 'last_name', label: 'Фамилия', required: true },
            { kind: 'text', name: 'first_name', label: 'Имя', required: true },
            { kind: 'text', name: 'patronymic', label: 'Отчество' },
            { kind: 'date', name: 'birthday_date', label: 'Дата рождения' },
            { kind: 'select', name: 'document', label: 'Документ', required: true, options: { items: data.tourists.documents } },
            { kind: 'text', name: 'document_number', label: 'Номер документа', required: true },
            { kind: 'select', name: 'citizenship', label: 'Гражданство', required: true, options: { items: data.tourists.citizenship } },
            { kind: 'select', name: 'gender', label: 'Пол', required: true, options: { items: data.tourists.genders } },
          ]}
          onSave={dialog.onSave}
          onClose={dialog.onClose}
        />
      )}
    </>
  );
}
