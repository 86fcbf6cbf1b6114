/** The tour's days (spec 03 §2.5 "Days tab", §5): name and description required, and the day's photos. */
import { FormGroup, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import { TourFileType, TOUR_LIMITS } from '@shared/tours/constants';
import { TOUR_PATHS } from '@shared/tours/paths';
import { dayErrors } from '@shared/tours/schema';
import type { FieldErrors } from '@shared/validation';
import { PhotoListEditor, RichTextEditor } from '../../../common/content-editors';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode, type RowDialogProps } from '../../../common/editor/useCollectionEditor';
import { FormFields, type SetField } from '../../../common/form/fields';
import { blankDay, type DayValues, type TourValues } from '../form';

/** The entity of the tour's uploads and editor images (shared/files.ts `uploadRoles`). */
export const TOUR_ENTITY = 'tour';

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
  setErrors(change: (errors: FieldErrors) => FieldErrors): void;
}

export function DaysTab({ form, update, errors, setErrors }: Props) {
  const { editor } = useFormCollection('days', { items: form.days, update, errors, setErrors, blank: blankDay, copy: ({ id: _id, ...day }) => ({ ...day, photos: [] }) });
  const dialog = rowDialogProps(editor);
  return (
    <>
      <CollectionTable<DayValues>
        label="Дни"
        name="days"
        {...editor.table({ copy: true })}
        pageSize={10}
        addText="Добавить день"
        columns={[
          { title: 'День', render: (_, index) => String(index + 1), width: 60 },
          { title: 'Название', render: (day) => day.name },
          { title: 'Фото', render: (day) => String(day.photos.length), width: 80 },
        ]}
      />
      {dialog && <DayDialog {...dialog} />}
    </>
  );
}

const TITLES: Record<RowDialogMode, string> = { create: 'Добавление дня', edit: 'Редактирование дня', copy: 'Копирование дня' };

function DayDialog({ mode, draft, setDraft, serverErrors, onSave, onClose }: RowDialogProps<DayValues>) {
  const { errors, setErrors, setValue } = useRowDraft(setDraft, serverErrors);
  const descriptionError = errors.description?.[0];
  return (
    <RowDialog
      id="day-dialog"
      isOpen
      title={TITLES[mode]}
      width="50vw"
      errors={errors}
      onSave={() => {
        if (checkRow(dayErrors(draft), setErrors, MESSAGES.tours.fillRequired)) onSave(draft);
      }}
      onClose={onClose}
      tabs={[
        {
          id: 'general',
          title: 'Основное',
          owns: ['name', 'description'],
          panel: (
            <>
              <FormFields fields={[{ kind: 'text', name: 'name', label: 'Название', required: true, hint: `Не более ${TOUR_LIMITS.dayName} символов` }]} form={{ values: draft, setValue, errors }} editing idPrefix="day" />
              <FormGroup label="Описание" labelFor="day-description" labelInfo="*" helperText={descriptionError} intent={descriptionError ? Intent.DANGER : Intent.NONE}>
                <RichTextEditor id="day-description" entity={TOUR_ENTITY} value={draft.description} onChange={(html) => setValue('description', html)} field="tour:days.*.description" invalid={Boolean(descriptionError)} />
              </FormGroup>
            </>
          ),
        },
        {
          id: 'photos',
          title: 'Фото',
          owns: ['photos'],
          panel: (
            <PhotoListEditor
              value={draft.photos.map((photo, index) => ({ ...photo, sort: photo.sort ?? index + 1 }))}
              onChange={(photos) => setValue('photos', photos)}
              entity={TOUR_ENTITY}
              uploadPath={TOUR_PATHS.files}
              type={TourFileType.Photo}
              errors={errorsUnder(errors, 'photos')}
              deleteUnsavedOnRemove={false}
            />
          ),
        },
      ]}
    />
  );
}
