/** The hotel's content tabs (spec 02 "Hotel form"): information, photos, video, catalogue and SEO. */
import { FormGroup, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { HOTEL_LIMITS, HotelFileType } from '@shared/hotels/constants';
import { HOTEL_UPLOADS } from '@shared/hotels/files';
import { HOTEL_PATHS } from '@shared/hotels/paths';
import type { Photo } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { InfoLinesField } from '../../../common/editor/InfoLinesField';
import { UploadList } from '../../../common/editor/UploadList';
import { VideoList } from '../../../common/editor/VideoList';
import { PhotoListEditor, RichTextEditor } from '../../../common/content-editors';
import { FormFields, type SetField } from '../../../common/form/fields';
import type { HotelValues } from '../form';

interface TabProps {
  form: HotelValues;
  update: SetField<HotelValues>;
  errors: FieldErrors;
}

export function InfoTab({ form, update, errors }: TabProps) {
  const descriptionError = errors.description?.[0];
  return (
    <div>
      <FormGroup label="Описание" labelFor="field-description" helperText={descriptionError} intent={descriptionError ? Intent.DANGER : Intent.NONE}>
        <RichTextEditor id="field-description" entity="hotel" value={form.description ?? ''} onChange={(html) => update('description', html)} field="hotel:description" invalid={Boolean(descriptionError)} />
      </FormGroup>
      <FormFields fields={[{ kind: 'textarea', name: 'short_description', label: 'Краткое описание', rows: 3 }]} form={{ values: form, setValue: update, errors }} editing />
      <InfoLinesField value={form.info} onChange={(lines) => update('info', lines)} errors={errors} />
      <UploadList
        label="Файлы описания"
        value={form.desc_files ?? []}
        onChange={(files) => update('desc_files', files)}
        path={HOTEL_PATHS.files}
        fields={{ type: String(HotelFileType.Description) }}
        policy={HOTEL_UPLOADS[HotelFileType.Description].policy}
        errors={errorsUnder(errors, 'desc_files')}
      />
    </div>
  );
}

export function PhotosTab({ form, update, errors }: TabProps) {
  return (
    <PhotoListEditor
      value={(form.photos ?? []).map((photo: Photo, index: number) => ({ ...photo, sort: photo.sort ?? index + 1 }))}
      onChange={(photos) => update('photos', photos)}
      entity="hotel"
      uploadPath={HOTEL_PATHS.files}
      type={HotelFileType.Photo}
      errors={errorsUnder(errors, 'photos')}
      deleteUnsavedOnRemove={false}
    />
  );
}

/** One video per hotel (spec 02 §5): uploaded while there is none, with its caption. */
export function VideosTab({ form, update, errors }: TabProps) {
  return (
    <VideoList
      videos={form.videos}
      onChange={(videos) => update('videos', videos)}
      upload={{ path: HOTEL_PATHS.files, fields: { type: String(HotelFileType.Video) }, policy: HOTEL_UPLOADS[HotelFileType.Video].policy }}
      added={(file, count) => ({ ...file, alt: null, sort: count + 1 })}
      max={HOTEL_LIMITS.videos}
      captionMax={HOTEL_LIMITS.videoCaption}
      hint="avi, mov, mp4, ogg, webm; не более 100 мб"
      errors={errors}
    />
  );
}

/** An unknown section's error (`catalog_sections.2.…`) shown under the select. */
const sectionErrors = (errors: FieldErrors): FieldErrors => {
  const first = Object.entries(errors).find(([path]) => path === 'catalog_sections' || path.startsWith('catalog_sections.'));
  return first ? { catalog_sections: first[1] } : {};
};

export function CatalogTab({ form, update, errors }: TabProps) {
  const catalog = form.catalog ?? { price: null, sort: null };
  return (
    <div className="editor-grid">
      <FormFields
        fields={[
          { kind: 'number', name: 'price', label: 'Цена в каталоге, ₽', min: 0, max: HOTEL_LIMITS.catalogPrice, step: 0.01 },
          { kind: 'number', name: 'sort', label: 'Сортировка', min: HOTEL_LIMITS.catalogSort.min, max: HOTEL_LIMITS.catalogSort.max, hint: `от ${HOTEL_LIMITS.catalogSort.min} до ${HOTEL_LIMITS.catalogSort.max}` },
        ]}
        form={{ values: catalog, setValue: (name, value) => update('catalog', { ...catalog, [name]: value }), errors: errorsUnder(errors, 'catalog') }}
        editing
      />
      <FormFields
        fields={[{ kind: 'multiselect', name: 'catalog_sections', label: 'Разделы каталога', options: { path: HOTEL_PATHS.data, key: 'catalog_sections' } }]}
        form={{ values: form, setValue: update, errors: sectionErrors(errors) }}
        editing
      />
    </div>
  );
}

export function SeoTab({ form, update, errors }: TabProps) {
  return (
    <FormFields
      fields={[
        { kind: 'text', name: 'seo_h1', label: MESSAGES.seo.h1 },
        { kind: 'text', name: 'seo_title', label: MESSAGES.seo.title },
        { kind: 'textarea', name: 'seo_description', label: MESSAGES.seo.description, rows: 4, hint: `Не более ${HOTEL_LIMITS.seoDescription} символов` },
      ]}
      form={{ values: form, setValue: update, errors }}
      editing
    />
  );
}
