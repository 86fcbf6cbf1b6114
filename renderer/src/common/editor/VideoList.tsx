/**
 * A record's videos (hotels: one; tours: up to 20): the upload button while fewer than `max`, and a
 * table of name, caption (typed in place) and a player per video. One component for every editor
 * with videos; what differs is the upload route, its type and the limits.
 */
import { Button, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import type { UploadedFile, UploadPolicy } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { UploadButton } from './UploadList';

export interface VideoItem extends UploadedFile {
  alt?: string | null;
}

interface VideoListProps<Video extends VideoItem> {
  videos: Video[];
  onChange(videos: Video[]): void;
  /** Where and how a video is uploaded (the editor's own upload route and type). */
  upload: { path: string; fields: Record<string, string>; policy: UploadPolicy };
  /** How a new upload joins the list (a tour's video has a sort, a hotel's not). */
  added(file: UploadedFile, count: number): Video;
  max: number;
  captionMax: number;
  hint: string;
  /** The editor's errors: the first of `videos` or of its rows is shown under the upload. */
  errors: FieldErrors;
}

export function VideoList<Video extends VideoItem>({ videos, onChange, upload, added, max, captionMax, hint, errors }: VideoListProps<Video>) {
  const error = errors.videos?.[0] ?? Object.values(errorsUnder(errors, 'videos'))[0]?.[0];
  const setCaption = (index: number, alt: string) => onChange(videos.map((video, position) => (position === index ? { ...video, alt: alt.trim() === '' ? null : alt } : video)));
  return (
    <div>
      {videos.length < max && (
        <FormGroup label="Видео" helperText={error ?? hint} intent={error ? Intent.DANGER : Intent.NONE}>
          <UploadButton label="Видео" path={upload.path} fields={upload.fields} policy={upload.policy} onUploaded={(file) => onChange([...videos, added(file, videos.length)])} />
        </FormGroup>
      )}
      <HTMLTable compact striped className="resource-table editor-videos">
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
                <InputGroup aria-label={`Подпись: ${video.name}`} maxLength={captionMax} value={video.alt ?? ''} onValueChange={(alt) => setCaption(index, alt)} />
              </td>
              <td>
                <video className="editor-video" src={video.url} controls preload="metadata" />
              </td>
              <td className="row-actions">
                <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={MESSAGES.list.delete} title={MESSAGES.list.delete} onClick={() => onChange(videos.filter((_, position) => position !== index))} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
