/** The tour's photos, videos and Word files (spec 03 §2.5, §9: up to 20 of each), and its SEO fields. */
import { Button, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import type { Photo } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import { TourFileType, TOUR_LIMITS } from '@shared/tours/constants';
import { TOUR_UPLOADS } from '@shared/tours/files';
import { TOUR_PATHS } from '@shared/tours/paths';
import type { FieldErrors } from '@shared/validation';
import { PhotoListEditor } from '../../../common/content-editors';
import { UploadButton, UploadList } from '../../../common/editor/UploadList';
import { FormFields } from '../../../common/form/fields';
import type { SetField, TourValues } from '../form';
import { TOUR_ENTITY } from './DaysTab';

interface Props {
  form: TourValues;
  update: SetField;
  errors: FieldErrors;
}

const firstError = (errors: FieldErrors, key: string) => errors[key]?.[0] ?? Object.values(errorsUnder(errors, key))[0]?.[0];

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

/** Videos: upload one at a time while fewer than the limit, each with a caption. */
export function VideosTab({ form, update, errors }: Props) {
  const videos = form.videos;
  const error = firstError(errors, 'videos');
  const setCaption = (index: number, alt: string) => update('videos', videos.map((video, position) => (position === index ? { ...video, alt: alt || null } : video)));
  return (
    <div>
      <FormGroup label="Видео" helperText={error ?? `avi, mov, mp4, ogg, webm; не более 100 мб; не более ${TOUR_LIMITS.files} видео`} intent={error ? Intent.DANGER : Intent.NONE}>
        <UploadButton
          label="Видео"
          path={TOUR_PATHS.files}
          fields={{ type: String(TourFileType.Video) }}
          policy={TOUR_UPLOADS[TourFileType.Video].policy}
          disabled={videos.length >= TOUR_LIMITS.files}
          onUploaded={(stored) => update('videos', [...videos, { ...stored, alt: null, sort: videos.length + 1 } satisfies Photo])}
        />
      </FormGroup>
      <HTMLTable compact striped className="resource-table tour-videos">
        <thead>
          <tr>
            <th>Название</th>
            <th>Подпись</th>
            <th>Просмотр</th>
            <th style={{ width: 60 }} aria-label="Действия" />
          </tr>
        </thead>
        <tbody>
          {videos.length === 0 && (
            <tr>
              <td colSpan={4} className="empty-row">
                {MESSAGES.list.empty}
              </td>
            </tr>
          )}
          {videos.map((video, index) => (
            <tr key={video.path}>
              <td>{video.name}</td>
              <td>
                <InputGroup aria-label={`Подпись: ${video.name}`} maxLength={TOUR_LIMITS.caption} value={video.alt ?? ''} onValueChange={(alt) => setCaption(index, alt)} />
              </td>
              <td>
                <video className="editor-video" src={video.url} controls preload="metadata" />
              </td>
              <td className="row-actions">
                <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={MESSAGES.list.delete} title={MESSAGES.list.delete} onClick={() => update('videos', videos.filter((_, position) => position !== index))} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
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
