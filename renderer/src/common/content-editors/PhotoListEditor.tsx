/**
 * A record's photo list (spec 01 §4 "Photo lists", §5 "Photos", spec 02 "Photos tab"): upload up to
 * 20 files at once (pick or drop), thumbnails, drag to reorder (sort values become 1..n), caption,
 * sort 1–255, delete. Controlled: the parent owns the list and saves it with its record.
 */
import { Button, FormGroup, HTMLSelect, Icon, InputGroup, Intent, Spinner, Tooltip } from '@blueprintjs/core';
import { PHOTO_LIST_LIMITS, PHOTO_POLICY, policyAccept, type Photo, type PhotoEntity, type UploadedFile } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { api } from '../../api/http';
import { notifyFailure } from '../failure';
import { notify, toast } from '../toaster';
import { appendUploaded, movePhoto, pickFiles, removePhoto, SORT_OPTIONS, updatePhoto } from './photoList';
import { EDITOR_TEXTS as T } from './texts';
import './editors.css';

export interface PhotoListEditorProps {
  /** The photos, in display order. */
  value: Photo[];
  onChange(photos: Photo[]): void;
  /** Sent as `entity` with each upload: `city`, `bus`. */
  entity: PhotoEntity | (string & {});
  /** Upload endpoint under /api; default `/photos` (multipart `photo`, `entity`, optional `type`). */
  uploadPath?: string;
  /** Sent as `type` with each upload when given. */
  type?: string | number;
  disabled?: boolean;
  /** Field errors of this list with its prefix taken off (`0.alt`, `2.sort`); see `scopedErrors`. */
  errors?: FieldErrors;
  /** Told when uploads start and end, so the parent can hold its save until they are done. */
  onBusyChange?(busy: boolean): void;
  /**
   * Whether removing a photo uploaded in this session and not saved yet (no id) also deletes it on
   * the server (DELETE /api{deletePath}?path=). Default true; saved photos are only taken off the list.
   */
  deleteUnsavedOnRemove?: boolean;
  /** Endpoint under /api that deletes an upload by `?path=`; default `/photos`. */
  deletePath?: string;
}

/** Best effort: an upload left behind costs a row, not a broken record. */
const deleteUpload = (endpoint: string, path: string) => {
  api.delete(`${endpoint}?path=${encodeURIComponent(path)}`).catch(() => undefined);
};

interface Pending {
  key: string;
  name: string;
  preview: string;
}

/** Uploads running at once; the others wait their turn. */
const PARALLEL_UPLOADS = 3;
const DRAG_TYPE = 'application/x-backoffice-photo-index';

export function PhotoListEditor({
  value,
  onChange,
  entity,
  uploadPath = '/photos',
  type,
  disabled = false,
  errors,
  onBusyChange,
  deleteUnsavedOnRemove = true,
  deletePath = '/photos',
}: PhotoListEditorProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [filesOver, setFilesOver] = useState(false);

  // Uploads finish one by one after renders: each appends to the latest list, not the one of its start.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const commit = useCallback((next: Photo[]) => {
    latest.current.value = next;
    latest.current.onChange(next);
  }, []);
  /** Paths uploaded by this editor instance (candidates for deletion on remove while unsaved). */
  const uploadedHere = useRef(new Set<string>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const busy = pending.length > 0;
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  /** Uploads one file; the stored file, or null when it failed (the toast is shown here). */
  const uploadOne = useCallback(
    async (file: File): Promise<UploadedFile | null> => {
      const form = new FormData();
      // Text fields first: a streaming upload route picks its policy from them before the file arrives.
      form.append('entity', entity);
      if (type !== undefined && type !== null) form.append('type', String(type));
      form.append('photo', file, file.name);
      try {
        const uploaded = await api.post<UploadedFile>(uploadPath, form);
        uploadedHere.current.add(uploaded.path);
        return uploaded;
      } catch (error) {
        notifyFailure(error, '', { title: MESSAGES.files.uploadFailed, format: (reason) => (reason ? `${file.name}: ${reason}` : file.name) });
        return null;
      }
    },
    [entity, type, uploadPath],
  );

  const addFiles = useCallback(
    (list: FileList | File[]) => {
      if (disabled) return;
      const files = Array.from(list);
      if (files.length === 0) return;
      const { accepted, refused, skipped } = pickFiles(files, { policy: PHOTO_POLICY, max: PHOTO_LIST_LIMITS.filesAtOnce });
      if (skipped > 0) notify(Intent.WARNING, MESSAGES.files.tooManyAtOnce(PHOTO_LIST_LIMITS.filesAtOnce, files.length));
      for (const { file, message } of refused) toast.error(`${file.name}: ${message}`, MESSAGES.files.uploadFailed);
      if (accepted.length === 0) return;

      const jobs = accepted.map((file) => ({ file, item: { key: `${Date.now()}-${Math.random()}`, name: file.name, preview: URL.createObjectURL(file) } }));
      setPending((current) => [...current, ...jobs.map((job) => job.item)]);
      // Uploads run a few at a time but join the list in the order the files were picked.
      const results: (UploadedFile | null | undefined)[] = jobs.map(() => undefined);
      let flushed = 0;
      const flush = () => {
        while (flushed < jobs.length && results[flushed] !== undefined) {
          const job = jobs[flushed]!;
          const uploaded = results[flushed];
          flushed++;
          URL.revokeObjectURL(job.item.preview);
          if (!mounted.current) {
            // The form was closed meanwhile: nothing will keep this upload.
            if (uploaded && deleteUnsavedOnRemove) deleteUpload(deletePath, uploaded.path);
            continue;
          }
          if (uploaded) commit(appendUploaded(latest.current.value, uploaded));
          setPending((current) => current.filter((item) => item.key !== job.item.key));
        }
      };
      let next = 0;
      const worker = async () => {
        while (next < jobs.length) {
          const index = next++;
          results[index] = await uploadOne(jobs[index]!.file);
          flush();
        }
      };
      void Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, jobs.length) }, worker));
    },
    [commit, deletePath, deleteUnsavedOnRemove, disabled, uploadOne],
  );

  const remove = (index: number) => {
    const photo = value[index];
    if (!photo) return;
    commit(removePhoto(value, index));
    if (deleteUnsavedOnRemove && photo.id === undefined && uploadedHere.current.has(photo.path)) {
      uploadedHere.current.delete(photo.path);
      deleteUpload(deletePath, photo.path);
    }
  };

  // Drag and drop: tiles carry their index (reorder); files dropped anywhere on the editor are uploaded.
  const isFileDrag = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  const isTileDrag = (event: DragEvent) => Array.from(event.dataTransfer.types).includes(DRAG_TYPE);
  const endDrag = () => {
    setDragFrom(null);
    setDragOver(null);
  };

  const onEditorDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !isFileDrag(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setFilesOver(true);
  };
  const onEditorDrop = (event: DragEvent<HTMLDivElement>) => {
    setFilesOver(false);
    if (disabled || !isFileDrag(event)) return;
    event.preventDefault();
    addFiles(event.dataTransfer.files);
  };

  const tileDragProps = (index: number) =>
    disabled
      ? {}
      : {
          draggable: true,
          onDragStart: (event: DragEvent<HTMLDivElement>) => {
            event.dataTransfer.setData(DRAG_TYPE, String(index));
            event.dataTransfer.effectAllowed = 'move';
            setDragFrom(index);
          },
          onDragOver: (event: DragEvent<HTMLDivElement>) => {
            if (!isTileDrag(event)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            if (dragOver !== index) setDragOver(index);
          },
          onDrop: (event: DragEvent<HTMLDivElement>) => {
            if (!isTileDrag(event)) return;
            event.preventDefault();
            event.stopPropagation();
            const from = Number(event.dataTransfer.getData(DRAG_TYPE));
            endDrag();
            if (Number.isInteger(from)) commit(movePhoto(latest.current.value, from, index));
          },
          onDragEnd: endDrag,
        };

  const stopEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') event.preventDefault(); // a caption is not a reason to submit the record's form
  };

  return (
    <div
      className={`photo-list-editor${filesOver ? ' is-files-over' : ''}${disabled ? ' is-disabled' : ''}`}
      onDragOver={onEditorDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFilesOver(false);
      }}
      onDrop={onEditorDrop}
      data-testid="photo-list-editor"
    >
      <div className="photo-list-dropzone">
        <Icon icon="cloud-upload" size={20} />
        <span>{T.photos.dropHint}</span>
        <Button icon="add" text={T.photos.choose} disabled={disabled} onClick={() => inputRef.current?.click()} />
        <span className="photo-list-hint">{T.photos.limits}</span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          hidden
          accept={policyAccept(PHOTO_POLICY)}
          aria-label={T.photos.choose}
          data-testid="photo-list-input"
          onChange={(event) => {
            if (event.currentTarget.files) addFiles(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </div>

      {value.length === 0 && pending.length === 0 ? <div className="photo-list-empty">{T.photos.empty}</div> : null}

      <div className="photo-list-grid" role="list" aria-label={T.photos.listLabel}>
        {value.map((photo, index) => {
          const altError = errors?.[`${index}.alt`]?.[0];
          const sortError = errors?.[`${index}.sort`]?.[0];
          const tileError = errors?.[`${index}.path`]?.[0] ?? errors?.[String(index)]?.[0];
          return (
            <div
              key={photo.id ?? photo.path}
              role="listitem"
              className={`photo-tile${dragFrom === index ? ' is-dragging' : ''}${dragOver === index && dragFrom !== index ? ' is-drop-target' : ''}${tileError ? ' is-invalid' : ''}`}
              data-testid="photo-tile"
              {...tileDragProps(index)}
            >
              <div className="photo-tile-image" title={disabled ? undefined : T.photos.dragHint}>
                <img src={photo.url} alt={photo.alt ?? ''} loading="lazy" draggable={false} />
              </div>
              <FormGroup className="photo-tile-field" helperText={altError} intent={altError ? Intent.DANGER : Intent.NONE}>
                <InputGroup
                  small
                  placeholder={T.photos.caption}
                  aria-label={T.photos.caption}
                  value={photo.alt ?? ''}
                  maxLength={PHOTO_LIST_LIMITS.captionMax}
                  intent={altError ? Intent.DANGER : Intent.NONE}
                  disabled={disabled}
                  onKeyDown={stopEnter}
                  onValueChange={(alt) => commit(updatePhoto(latest.current.value, index, { alt }))}
                />
              </FormGroup>
              <div className="photo-tile-actions">
                <Tooltip content={sortError ?? T.photos.sort} intent={sortError ? Intent.DANGER : Intent.NONE} compact>
                  <HTMLSelect
                    className={sortError ? 'bp6-intent-danger' : undefined}
                    aria-label={T.photos.sort}
                    value={photo.sort}
                    disabled={disabled}
                    onChange={(event) => commit(updatePhoto(latest.current.value, index, { sort: Number(event.currentTarget.value) }))}
                    options={SORT_OPTIONS.map((sort) => ({ value: sort, label: String(sort) }))}
                  />
                </Tooltip>
                <span className="photo-tile-spacer" />
                <Button
                  variant="minimal"
                  size="small"
                  icon="arrow-left"
                  aria-label={T.photos.moveBack}
                  title={T.photos.moveBack}
                  disabled={disabled || index === 0}
                  onClick={() => commit(movePhoto(latest.current.value, index, index - 1))}
                />
                <Button
                  variant="minimal"
                  size="small"
                  icon="arrow-right"
                  aria-label={T.photos.moveForward}
                  title={T.photos.moveForward}
                  disabled={disabled || index === value.length - 1}
                  onClick={() => commit(movePhoto(latest.current.value, index, index + 1))}
                />
                <Button
                  variant="minimal"
                  size="small"
                  intent={Intent.DANGER}
                  icon="trash"
                  aria-label={T.photos.remove}
                  title={T.photos.remove}
                  disabled={disabled}
                  onClick={() => remove(index)}
                />
              </div>
              {tileError ? <div className="photo-tile-error">{tileError}</div> : null}
            </div>
          );
        })}
        {pending.map((item) => (
          <div key={item.key} role="listitem" className="photo-tile is-pending" aria-busy="true" data-testid="photo-tile-pending">
            <div className="photo-tile-image">
              <img src={item.preview} alt="" draggable={false} />
              <div className="photo-tile-overlay">
                <Spinner size={28} aria-label={T.photos.uploading} />
              </div>
            </div>
            <div className="photo-tile-name" title={item.name}>
              {T.photos.uploading}: {item.name}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
