/** Agency documents (spec 01 §2.7): id, name (a link to the file), description; the dialog sends the file as multipart. */
import { AGENCY_DOCUMENT_LIMITS, AGENCY_DOCUMENT_SORT_CHOICES, agencyDocumentsResource, type AgencyDocumentRow } from '@shared/resources/agency-documents';
import { downloadName } from '@shared/files';
import { defineResourceScreen } from '../../common/resource/definition';
import { SafeLink } from '../../common/SafeLink';

export const agencyDocumentsScreen = defineResourceScreen<AgencyDocumentRow>({
  resource: agencyDocumentsResource,
  title: 'Документы агентств',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    {
      key: 'name',
      title: 'Название',
      text: (row) => row.name,
      render: (row) => (
        <SafeLink href={row.file.url} download={downloadName(row.name, row.file.url)} className="cell-value">
          {row.name}
        </SafeLink>
      ),
    },
    { key: 'description', title: 'Описание', render: (row) => row.description ?? '' },
  ],
  form: {
    titles: { create: 'Добавление документа', edit: 'Редактирование документа' },
    multipart: true,
    fields: [
      { kind: 'textarea', name: 'description', label: 'Описание', rows: 4, placeholder: `Не более ${AGENCY_DOCUMENT_LIMITS.description} символов` },
      {
        kind: 'select',
        name: 'sort',
        label: 'Приоритет сортировки',
        hint: 'Чем больше число, тем выше документ в списке',
        options: { items: AGENCY_DOCUMENT_SORT_CHOICES.map((value) => ({ id: value, name: String(value) })) },
      },
      { kind: 'file', name: 'file', label: 'Файл', required: 'create' },
    ],
    initial: { description: '', sort: AGENCY_DOCUMENT_LIMITS.sortDefault, file: null },
  },
});
