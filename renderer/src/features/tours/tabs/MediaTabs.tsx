/** The tour's photos, videos and Word files (spec 03 §2.5, §9: up to 20 of each), and its SEO fields. */
import { FormGroup, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import type { Photo } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import { TourFileType, TOUR_LIMITS } from '@shared/tours/constants';
import { TOUR_UPLOADS } from '@shared/tours/files';
import { TOUR_PATHS } from '@shared/tours/paths';
import type { FieldErrors } from '@shared/validation';
import { PhotoListEditor } from '../../../common/content-editors';
import { UploadList } from '../../../common/editor/UploadList';
import { VideoList } from '../../../common/editor/VideoList';
import { FormFields, type SetField } from '../../../common/form/fields';
import type { TourValues } from '../form';
import { TOUR_ENTITY } from './DaysTab';

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
}

export function PhotosTab({ form, update, errors }: Props) {
  const error = errors.photos?.[0];
  return (
    <FormGroup helperText={error ?? `Не более ${TOUR_LIMITS.files} фото`} intent={error ? Intent.DANGER : Intent.NONE}>
      <PhotoListEditor
        value={form.photos.map((photo, index) => ({ ...photo, sort: photo.sort ?? index + 1 }))}
        onChange={(photos) => update('photos', photos)}
        entity={TOUR_ENTITY}
        uploadPath={TOUR_PATHS.files}
        type={TourFileType.Photo}
        errors={errorsUnder(errors, 'photos')}
        deleteUnsavedOnRemove={false}
      />
    </FormGroup>
  );
}

/** Videos: uploaded one at a time while fewer than the limit, each with a caption. */
export function VideosTab({ form, update, errors }: Props) {
  return (
    <VideoList
      videos={form.videos}
      onChange={(videos) => update('videos', videos)}
      upload={{ path: TOUR_PATHS.files, fields: { type: String(TourFileType.Video) }, policy: TOUR_UPLOADS[TourFileType.Video].policy }}
      added={(file, count) => ({ ...file, alt: null, sort: count + 1 }) satisfies Photo}
      max={TOUR_LIMITS.files}
      captionMax={TOUR_LIMITS.caption}
      hint={`avi, mov, mp4, ogg, webm; не более 100 мб; не более ${TOUR_LIMITS.files} видео`}
      errors={errors}
    />
  );
}

export function FilesTab({ form, update, errors }: Props) {
  return (
    <UploadList
      label="Файлы (doc, docx)"
      value={form.files}
      onChange={(files) => update('files', files)}
      path={TOUR_PATHS.files}
      fields={{ type: String(TourFileType.File) }}
      policy={TOUR_UPLOADS[TourFileType.File].policy}
      max={TOUR_LIMITS.files}
      maxText={MESSAGES.tours.fileLimit(TOUR_LIMITS.files)}
      errors={errorsUnder(errors, 'files')}
    />
  );
}

export function SeoTab({ form, update, errors }: Props) {
  return (
    <FormFields
      fields={[
        { kind: 'text', name: 'seo_h1', label: MESSAGES.seo.h1 },
        { kind: 'text', name: 'seo_title', label: MESSAGES.seo.title },
        { kind: 'textarea', name: 'seo_description', label: MESSAGES.seo.description, rows: 4, hint: `Не более ${TOUR_LIMITS.seoDescription} символов` },
        { kind: 'text', name: 'external_link', label: 'Ссылка на тур на сайте', hint: 'Адрес http(s)' },
      ]}
      form={{ values: form, setValue: update, errors }}
      editing
    />
  );
}
