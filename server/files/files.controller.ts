import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { once } from 'node:events';
import type { z } from 'zod';
import {
  DOCUMENT_POLICY,
  downloadName,
  FILE_KINDS,
  fileLimitsOf,
  imagePolicyOf,
  imageUploadFieldsSchema,
  PHOTO_POLICY,
  PHOTOS_AREA,
  photoUploadFieldsSchema,
  STORAGE_URL_PREFIX,
  uploadFieldsSchema,
  uploadRoles,
  type FileLimits,
  type UploadPolicy,
  type UploadedFile,
} from '../../shared/files.js';
import { MESSAGES } from '../../shared/messages.js';
import { toFieldErrors, type FieldErrors } from '../../shared/validation.js';
import { ACCESS } from '../../shared/roles.js';
import { CurrentUser, Roles, type AuthUser } from '../common/auth/decorators.js';
import { forbidden, notFound, ValidationFailed } from '../common/http/errors.js';
import { FilesService } from './files.service.js';
import { UploadInterceptor, uploadedFile, type MultipartFile } from './upload.interceptor.js';

const PHOTO_FIELDS = ['photo', 'file'] as const;
const UPLOAD_FIELDS = ['file'] as const;
const IMAGE_FIELDS = ['image'] as const;

/**
 * Uploads of spec 01 §7 and their delivery (ARCHITECTURE.md §1: kept in PostgreSQL). None is public,
 * the renderer's <img> tags send the session cookie same-origin. An upload belongs to the roles that
 * edit what it attaches to: photos and editor images by their `entity` (`uploadRoles`: a city's for
 * all three, a bus transport's, hotel's or tour's for the administrator and the manager), /upload
 * (the tours' and hotels' photo lists) for the administrator and the manager. A pending upload (no
 * record uses it yet) is removed only by whoever uploaded it.
 */
@Controller()
export class FilesController {
  constructor(@Inject(FilesService) private readonly files: FilesService) {}

  /** POST /api/upload (multipart: file, type=photo) → {name, path, url}; stored under photos/upload/. */
  @Post('upload')
  @Roles(...ACCESS.administratorAndManager)
  @UseInterceptors(UploadInterceptor(UPLOAD_FIELDS, PHOTO_POLICY))
  upload(@Req() request: Request, @Body() body: unknown, @CurrentUser() user: AuthUser): Promise<UploadedFile> {
    return this.receivePhoto(request, body, user, UPLOAD_FIELDS, uploadFieldsSchema, (fields) => ({ entity: 'upload', type: fields.type }));
  }

  /** POST /api/photos (multipart: photo or file, entity city|bus, optional type) → {name, path, url}. */
  @Post('photos')
  @UseInterceptors(UploadInterceptor(PHOTO_FIELDS, PHOTO_POLICY))
  photo(@Req() request: Request, @Body() body: unknown, @CurrentUser() user: AuthUser): Promise<UploadedFile> {
    return this.receivePhoto(request, body, user, PHOTO_FIELDS, photoUploadFieldsSchema, (fields) => ({ entity: fields.entity, type: fields.type }));
  }

  /** DELETE /api/photos?path=photos/city/<uuid>.jpg (the url is accepted too) → {message}. */
  @Delete('photos')
  @HttpCode(200)
  async removePhoto(@Query('path') path: unknown, @CurrentUser() user: AuthUser): Promise<{ message: string }> {
    if (typeof path !== 'string' || path.trim() === '') throw new ValidationFailed({ path: [MESSAGES.validation.required] });
    const key = path.startsWith(STORAGE_URL_PREFIX) ? path.slice(STORAGE_URL_PREFIX.length) : path;
    await this.files.remove(key, { area: PHOTOS_AREA, by: user.id });
    return { message: MESSAGES.success.deleted };
  }

  /** POST /api/images (multipart: image, entity) → {name, path, url}: pictures of the rich-text editor. */
  @Post('images')
  @UseInterceptors(UploadInterceptor(IMAGE_FIELDS, PHOTO_POLICY))
  image(@Req() request: Request, @Body() body: unknown, @CurrentUser() user: AuthUser): Promise<UploadedFile> {
    // Multer stops at the largest size any entity takes; the entity's own policy (a catalogue section's: jpg only) decides.
    return this.receivePhoto(request, body, user, IMAGE_FIELDS, imageUploadFieldsSchema, (fields) => ({ entity: fields.entity, area: 'images', policy: imagePolicyOf(fields.entity) }));
  }

  /** One multipart photo: its fields and file checked as one 422 map, stored, answered as {name, path, url}. */
  private async receivePhoto<S extends z.ZodType>(
    request: Request,
    body: unknown,
    user: AuthUser,
    fieldNames: readonly [string, ...string[]],
    schema: S,
    placement: (fields: z.output<S>) => { entity: string; type?: string | null; area?: 'photos' | 'images'; policy?: UploadPolicy },
  ): Promise<UploadedFile> {
    const upload = uploadedFile(request, fieldNames);
    const { fields, file } = checked(schema, body, upload.field, upload.file);
    if (!uploadRoles(placement(fields).entity).includes(user.role)) throw forbidden();
    const stored = await this.files.storePhoto(file.buffer, file.originalname, { ...placement(fields), field: upload.field, createdBy: user.id });
    return { name: stored.name, path: stored.path, url: stored.url };
  }

  /** GET /api/files/limits → {size (KB), mimes (extensions), mime_types}: the agency-document limits. */
  @Get('files/limits')
  limits(): FileLimits {
    return fileLimitsOf(DOCUMENT_POLICY);
  }

  /**
   * GET /api/storage/<path>: the upload's bytes with its type; cached for good (a path never changes
   * its content), ETag = SHA-256. The path is taken from the raw URL, undecoded: anything a stored
   * path cannot look like (`..`, `%`, `\`, a leading `/`) is simply not found.
   */
  @Get('storage/*path')
  async serve(@Req() request: Request, @Res() response: Response): Promise<void> {
    const raw = request.originalUrl.split('?')[0] ?? '';
    if (!raw.startsWith(STORAGE_URL_PREFIX)) throw notFound();
    const info = await this.files.find(raw.slice(STORAGE_URL_PREFIX.length));
    if (!info) throw notFound();

    const etag = `"${info.sha256}"`;
    response.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    response.setHeader('ETag', etag);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (etagMatches(request.get('If-None-Match'), info.sha256)) {
      response.status(304).end();
      return;
    }
    const kind = Object.values(FILE_KINDS).find((candidate) => candidate.mime === info.mime);
    response.setHeader('Content-Type', info.mime);
    response.setHeader('Content-Disposition', contentDisposition(kind?.image || kind?.video ? 'inline' : 'attachment', downloadName(info.original_name, info.path)));
    response.setHeader('Accept-Ranges', 'bytes');
    const range = parseRange(request.get('Range'), info.size);
    if (range === 'unsatisfiable') {
      response.setHeader('Content-Range', `bytes */${info.size}`);
      response.status(416).end();
      return;
    }
    const { start, end } = range ?? { start: 0, end: info.size - 1 };
    if (range) response.setHeader('Content-Range', `bytes ${start}-${end}/${info.size}`);
    response.setHeader('Content-Length', String(Math.max(end - start + 1, 0)));
    response.status(range ? 206 : 200);
    // Chunk by chunk, waiting for the client to take each: a video is never held whole.
    if (info.size > 0) {
      for await (const chunk of this.files.read(info.sha256, start, end)) {
        if (response.destroyed) return;
        if (!response.write(chunk)) await once(response, 'drain');
      }
    }
    response.end();
  }
}

/**
 * The byte range of a `Range: bytes=a-b` header (RFC 9110 §14): `a-`, `-n` (the last n bytes) and
 * `a-b` (b capped at the end); several ranges are served as the first one. Null when absent or not
 * a byte range (the whole file is served); 'unsatisfiable' when it starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The body's text fields checked with the schema, and the file's presence, as one 422 map. */
function checked<S extends z.ZodType>(schema: S, body: unknown, field: string, file: MultipartFile | undefined): { fields: z.output<S>; file: MultipartFile } {
  const result = schema.safeParse({ ...(typeof body === 'object' && body !== null ? body : {}) });
  const errors: FieldErrors = file ? {} : { [field]: [MESSAGES.files.required] };
  if (!result.success) Object.assign(errors, toFieldErrors(result.error));
  if (!result.success || !file) throw new ValidationFailed(errors);
  return { fields: result.data, file };
}

function etagMatches(header: string | undefined, sha256: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === `"${sha256}"`;
  });
}

/** `inline|attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266), safe for any original name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
