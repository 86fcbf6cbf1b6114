import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import {
  FILE_KINDS,
  PHOTO_POLICY,
  PHOTOS_AREA,
  sniffFileKind,
  storageUrl,
  type FileKind,
  type UploadedFile,
  type UploadPolicy,
} from '../../shared/files.js';
import { MESSAGES } from '../../shared/messages.js';
import { foreignKeysInto, referencedValues } from '../common/database/foreign-keys.js';
import { forbidden, isStillReferenced, notFound, PG, pgErrorOf, ValidationFailed } from '../common/http/errors.js';

export interface StoreOptions {
  /** What may be stored: kinds (told by content) and size; a file outside it is a 422. */
  policy: UploadPolicy;
  /** Folder of the stored path, e.g. `photos/city`, `images/hotel`, `documents/agency` (segments of a-z, 0-9, _ and -). */
  area: string;
  /** The multipart field the 422 errors are keyed by (`photo`, `file`, `image`); default `file`. */
  field?: string;
  /** Kept with the upload for later clean-ups and audits. */
  entity?: string | null;
  type?: string | null;
  createdBy?: number | null;
}

/** What `store` gives back: the contract's {name, path, url} and what a caller may keep. */
export interface StoredUpload extends UploadedFile {
  id: number;
  original_name: string;
  kind: FileKind;
  mime: string;
  size: number;
  sha256: string;
}

/** An upload as GET /api/storage/<path> serves it (without the bytes). */
export interface StoredFileInfo {
  path: string;
  original_name: string;
  sha256: string;
  mime: string;
  size: number;
}

/** Stored contents are cut into chunks of this size (rows of `stored_file_chunks`). */
export const CHUNK_BYTES = 1024 * 1024;

const AREA = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const MAX_PATH = 255;

/**
 * Whether a string can be a stored path at all: relative, `/`-separated segments of letters,
 * digits, `_`, `-` and `.` (no `.`/`..` segments, no backslash, no NUL, no `%`), at most 255
 * characters. Paths are only ever looked up as keys of the `files` table, never joined onto a
 * filesystem path; this check only spares the database lookups that cannot match.
 */
export function isStoragePath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_PATH) return false;
  return path.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..' && !segment.includes('..'));
}

/** A display name from a client's file name: no folders, no control characters, at most 255 characters. */
export function cleanOriginalName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || fallback).slice(0, 255);
}

/**
 * Uploads kept in PostgreSQL (ARCHITECTURE.md §1): each distinct content once in `stored_files`
 * (by SHA-256), each named upload in `files`. Inject it to store a file of any kind the caller's
 * policy allows, remove one, or read one back.
 */
@Injectable()
export class FilesService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Checks a file against the policy by its real content (magic bytes), then stores it under
   * `<area>/<uuid>.<ext>`, the extension and MIME type coming from the content, not the name.
   * Throws ValidationFailed (422, keyed by `field`) when the file is too large or of another kind.
   */
  store(content: Buffer, originalName: string | undefined, options: StoreOptions): Promise<StoredUpload> {
    const field = options.field ?? 'file';
    // A size known up front is refused before any byte is written.
    if (content.length > options.policy.maxBytes) return Promise.reject(new ValidationFailed({ [field]: [options.policy.messages.tooLarge] }));
    return this.storeStream(Readable.from(content.length > 0 ? [content] : []), originalName, options);
  }

  /**
   * Stores a file as it arrives (a multipart part, `./stream-upload.interceptor.ts`), in chunks of
   * CHUNK_BYTES, so a 100 MB video is never held whole in memory. Its kind is told from the first
   * chunk (a wrong kind stops the upload there); a file over the policy's size stops when it passes it.
   *
   * No connection is held while the client sends (ARCHITECTURE.md §7 "Connections"): the content is
   * staged under a random key (`staged_at` set) and each chunk is one short statement of its own, so a
   * client that stalls mid-upload holds nothing. Only the last step is a transaction: the content gets
   * its SHA-256 (or the same bytes stored before are used) and the upload its row. A refused or broken
   * upload removes what it staged; one a dead server left behind is removed by a later upload.
   */
  async storeStream(stream: AsyncIterable<Buffer | Uint8Array>, originalName: string | undefined, options: StoreOptions): Promise<StoredUpload> {
    const field = options.field ?? 'file';
    if (!AREA.test(options.area)) throw new Error(`Invalid storage area: ${options.area}`);
    const refuse = (message: string) => new ValidationFailed({ [field]: [message] });
    await this.db.query(`DELETE FROM stored_files WHERE staged_at < now() - interval '1 day'`);
    const staging = randomBytes(32).toString('hex');
    await this.db.query(`INSERT INTO stored_files (sha256, mime, size, staged_at) VALUES ($1, 'application/octet-stream', 0, now())`, [staging]);
    try {
      const hash = createHash('sha256');
      let kind: FileKind | null = null;
      let size = 0;
      let index = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const writeChunk = async (chunk: Buffer) => {
        if (index === 0) {
          kind = sniffFileKind(chunk);
          if (!kind || !options.policy.kinds.includes(kind)) throw refuse(options.policy.messages.badFormat);
        }
        await this.db.query('INSERT INTO stored_file_chunks (sha256, index, data) VALUES ($1, $2, $3)', [staging, index++, chunk]);
      };
      // A refusal leaves the rest of a request's stream to its owner to drain (not destroyed here).
      const pieces = stream instanceof Readable ? stream.iterator({ destroyOnReturn: false }) : stream;
      for await (const piece of pieces) {
        const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
        size += bytes.length;
        if (size > options.policy.maxBytes) throw refuse(options.policy.messages.tooLarge);
        hash.update(bytes);
        pending.push(bytes);
        pendingBytes += bytes.length;
        while (pendingBytes >= CHUNK_BYTES) {
          const joined = Buffer.concat(pending);
          await writeChunk(joined.subarray(0, CHUNK_BYTES));
          pending = [joined.subarray(CHUNK_BYTES)];
          pendingBytes = joined.length - CHUNK_BYTES;
        }
      }
      if (pendingBytes > 0 || index === 0) await writeChunk(Buffer.concat(pending));

      const info = FILE_KINDS[kind!];
      const sha256 = hash.digest('hex');
      const path = `${options.area}/${randomUUID()}.${info.extensions[0]}`;
      const name = path.slice(path.lastIndexOf('/') + 1);
      const original_name = cleanOriginalName(originalName, name);
      const id = await this.db.transaction(async (manager) => {
        // The same bytes stored before (and kept from removal until this commits: KEY SHARE), or these.
        const [known] = await manager.query(`SELECT 1 FROM stored_files WHERE sha256 = $1 AND staged_at IS NULL FOR KEY SHARE`, [sha256]);
        if (known) await manager.query('DELETE FROM stored_files WHERE sha256 = $1', [staging]);
        else {
          // The same bytes finished at this moment by another upload: theirs is kept, these chunks go.
          await manager.query('SAVEPOINT adopt_content');
          try {
            await manager.query('UPDATE stored_files SET sha256 = $1, mime = $2, size = $3, staged_at = NULL WHERE sha256 = $4', [sha256, info.mime, size, staging]);
            await manager.query('RELEASE SAVEPOINT adopt_content');
          } catch (error) {
            if (pgErrorOf(error).code !== PG.uniqueViolation) throw error;
            await manager.query('ROLLBACK TO SAVEPOINT adopt_content');
            await manager.query('DELETE FROM stored_files WHERE sha256 = $1', [staging]);
          }
        }
        const [row]: { id: number }[] = await manager.query(
          `INSERT INTO files (path, original_name, sha256, mime, size, entity, type, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [path, original_name, sha256, info.mime, size, options.entity ?? null, options.type ?? null, options.createdBy ?? null],
        );
        return row!.id;
      });
      return { id, name, path, url: storageUrl(path), original_name, kind: kind!, mime: info.mime, size, sha256 };
    } catch (error) {
      // Whatever was staged goes (its chunks cascade); adopted content has another key by now.
      await this.db.query('DELETE FROM stored_files WHERE sha256 = $1', [staging]).catch(() => undefined);
      throw error;
    }
  }

  /** A photo or editor image of an entity: `photos/<entity>/…` or `images/<entity>/…`, checked by PHOTO_POLICY. */
  storePhoto(content: Buffer, originalName: string | undefined, options: { entity: string; type?: string | null; field?: string; createdBy?: number | null; area?: 'photos' | 'images'; policy?: UploadPolicy }) {
    return this.store(content, originalName, {
      policy: options.policy ?? PHOTO_POLICY,
      area: `${options.area ?? 'photos'}/${options.entity}`,
      field: options.field ?? 'photo',
      entity: options.entity,
      type: options.type ?? null,
      createdBy: options.createdBy ?? null,
    });
  }

  /**
   * Removes an upload, and its content when no other upload has the same bytes.
   * 404 when there is no such upload; with `area`, 422 for a path outside it; 403 when a record
   * still references the upload (a foreign key to `files`). With `by` (a user's request): a pending
   * upload — one no record references yet — is only its uploader's to remove (403 for anyone else).
   */
  async remove(path: string, options: { area?: string; field?: string; by?: number } = {}): Promise<void> {
    const field = options.field ?? 'path';
    if (!isStoragePath(path)) throw new ValidationFailed({ [field]: [MESSAGES.validation.invalid] });
    if (options.area && !path.startsWith(options.area.endsWith('/') ? options.area : `${options.area}/`)) {
      throw new ValidationFailed({ [field]: [options.area === PHOTOS_AREA ? MESSAGES.files.notAPhoto : MESSAGES.validation.invalid] });
    }
    let rows: { sha256: string }[];
    try {
      rows = await this.db.transaction(async (manager) => {
        if (options.by !== undefined) {
          // FOR UPDATE: a record cannot start referencing the upload (its foreign key's KEY SHARE waits) between the check and the delete.
          const [upload] = (await manager.query('SELECT created_by FROM files WHERE path = $1 FOR UPDATE', [path])) as { created_by: number | null }[];
          if (!upload) throw notFound();
          const keys = (await foreignKeysInto(manager, 'files')).filter((key) => key.target === 'path');
          const pending = (await referencedValues(manager, [path], keys)).size === 0;
          // A record's file goes with the record's own save or delete, never through this call: a
          // reference that would not refuse the delete (ON DELETE SET NULL) must not let anyone
          // clear another record's image behind its version check.
          if (!pending) throw forbidden(MESSAGES.errors.inUse);
          if (upload.created_by !== options.by) throw forbidden(MESSAGES.files.notYourUpload);
        }
        return manager.query<{ sha256: string }[]>(DELETE_UPLOAD, [path]);
      });
    } catch (error) {
      if (isStillReferenced(error)) throw forbidden(MESSAGES.errors.inUse);
      throw error;
    }
    const sha256 = rows[0]?.sha256;
    if (!sha256) throw notFound();
    await this.collect(sha256);
  }

  /** The upload at a path (without its bytes), or null. */
  async find(path: string): Promise<StoredFileInfo | null> {
    if (!isStoragePath(path)) return null;
    const [row]: StoredFileInfo[] = await this.db.query('SELECT path, original_name, sha256, mime, size FROM files WHERE path = $1', [path]);
    return row ?? null;
  }

  /**
   * The bytes `start`..`end` (inclusive) of a stored content, one chunk at a time: only the chunks
   * the range covers are read, and each only in the part it needs.
   */
  async *read(sha256: string, start: number, end: number): AsyncGenerator<Buffer> {
    for (let index = Math.floor(start / CHUNK_BYTES); index <= Math.floor(end / CHUNK_BYTES); index++) {
      const from = Math.max(start - index * CHUNK_BYTES, 0);
      const to = Math.min(end - index * CHUNK_BYTES, CHUNK_BYTES - 1);
      const [row]: { data: Buffer }[] = await this.db.query('SELECT substring(data FROM $3::int FOR $4::int) AS data FROM stored_file_chunks WHERE sha256 = $1 AND index = $2', [
        sha256,
        index,
        from + 1,
        to - from + 1,
      ]);
      if (!row) return;
      yield row.data;
    }
  }

  /** Drops a content no upload points at any more (a concurrent store of the same bytes keeps it: the foreign key refuses). */
  private async collect(sha256: string): Promise<void> {
    try {
      await this.db.query(DELETE_UNUSED_CONTENT, [sha256]);
    } catch (error) {
      if (pgErrorOf(error).code !== PG.foreignKeyViolation) throw error;
    }
  }
}

/** Deletes an upload row, giving back the content it pointed at. */
const DELETE_UPLOAD = 'WITH gone AS (DELETE FROM files WHERE path = $1 RETURNING sha256) SELECT sha256 FROM gone';
/** Deletes content no upload points at any more (a concurrent store of the same bytes keeps it). */
const DELETE_UNUSED_CONTENT = 'DELETE FROM stored_files s WHERE s.sha256 = $1 AND NOT EXISTS (SELECT 1 FROM files f WHERE f.sha256 = $1)';

/**
 * Removes an upload inside the caller's transaction when nothing references it any more (a record
 * that replaced or dropped its file), and its content when no other upload has the same bytes.
 * A reference that would not refuse the delete (ON DELETE SET NULL, a city's catalog image) keeps it
 * too; savepoints keep a refused delete from aborting the caller's transaction.
 */
export async function removeUnreferencedUpload(manager: EntityManager, path: string): Promise<void> {
  const keys = (await foreignKeysInto(manager, 'files')).filter((key) => key.target === 'path');
  if ((await referencedValues(manager, [path], keys)).size > 0) return;
  const rows = await underSavepoint(manager, 'remove_upload', () => manager.query<{ sha256: string }[]>(DELETE_UPLOAD, [path]));
  const sha256 = rows?.[0]?.sha256;
  if (sha256) await underSavepoint(manager, 'remove_content', () => manager.query(DELETE_UNUSED_CONTENT, [sha256]));
}

/** removeUnreferencedUpload for each path, one after the other on the caller's transaction. */
export async function removeUnreferencedUploads(manager: EntityManager, paths: readonly string[]): Promise<void> {
  for (const path of paths) await removeUnreferencedUpload(manager, path);
}

/** Runs `work` under a savepoint; a foreign-key refusal rolls back to it and gives null. */
async function underSavepoint<T>(manager: EntityManager, name: string, work: () => Promise<T>): Promise<T | null> {
  await manager.query(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    await manager.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    if (!isStillReferenced(error)) throw error;
    await manager.query(`ROLLBACK TO SAVEPOINT ${name}`);
    return null;
  }
}
