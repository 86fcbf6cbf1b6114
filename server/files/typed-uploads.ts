/**
 * An editor's own upload route (`POST /api/hotels/files`, `POST /api/tours/files`): a multipart body
 * with a `type` field choosing the upload's policy and storage area, then the file, streamed into
 * PostgreSQL (StreamUploadInterceptor). One declaration per editor; the placement before the type is
 * known and the check after it are the same for every editor.
 */
import type { Request } from 'express';
import { z } from 'zod';
import { FILE_KINDS, type FileKind, type UploadedFile, type UploadPolicy } from '../../shared/files.js';
import { MESSAGES } from '../../shared/messages.js';
import { toFieldErrors } from '../../shared/validation.js';
import { ValidationFailed } from '../common/http/errors.js';
import type { FilesService } from './files.service.js';
import { streamedUpload, type StreamPlacement } from './stream-upload.interceptor.js';

export interface TypedUploads {
  /** The entity recorded with the upload (`hotel`, `tour`). */
  entity: string;
  /** Each `type` value: its policy and storage area. */
  types: Readonly<Record<number, { policy: UploadPolicy; area: string }>>;
}

/** The multipart fields that may carry the file. */
export const TYPED_UPLOAD_FIELDS = ['file', 'photo'] as const;

/** The largest upload of any type: what the server reads at most before it knows the type. */
export const typedUploadMaxBytes = (uploads: TypedUploads) => Math.max(...Object.values(uploads.types).map((type) => type.policy.maxBytes));

const typeOf = (uploads: TypedUploads, type: unknown) => uploads.types[Number(type)];

/** Where the streamed file goes: its type's area when `type` came first; else any kind and size a type takes (checked again after). */
export function typedUploadPlacement(uploads: TypedUploads): (body: Record<string, unknown>) => StreamPlacement {
  const maxBytes = typedUploadMaxBytes(uploads);
  const anyType: StreamPlacement = {
    policy: {
      kinds: Object.keys(FILE_KINDS) as FileKind[],
      maxBytes,
      messages: { tooLarge: MESSAGES.files.tooLarge(maxBytes / 1024 / 1024), badFormat: MESSAGES.files.badFormat },
    },
    area: `uploads/${uploads.entity}`,
    entity: uploads.entity,
  };
  return (body) => {
    const type = typeOf(uploads, body.type);
    return type ? { policy: type.policy, area: type.area, entity: uploads.entity, type: String(body.type) } : anyType;
  };
}

/** The streamed upload checked against its type: {name, path, url}, or 422 (and the file removed) when it does not fit. */
export async function acceptTypedUpload(files: FilesService, uploads: TypedUploads, request: Request, body: unknown): Promise<UploadedFile> {
  const fieldsSchema = z.object({
    type: z.coerce.number({ error: MESSAGES.validation.required }).refine((type) => typeOf(uploads, type) !== undefined, MESSAGES.validation.oneOf),
    entity: z.string().max(50, MESSAGES.validation.maxLength(50)).optional(),
  });
  const upload = streamedUpload(request);
  const fields = fieldsSchema.safeParse(body ?? {});
  const errors: Record<string, string[]> = fields.success ? {} : toFieldErrors(fields.error);
  if (!upload) errors.file = [MESSAGES.files.required];
  const type = fields.success ? typeOf(uploads, fields.data.type) : undefined;
  if (upload && type) {
    const { stored, field } = upload;
    if (!type.policy.kinds.includes(stored.kind)) errors[field] = [type.policy.messages.badFormat];
    else if (stored.size > type.policy.maxBytes) errors[field] = [type.policy.messages.tooLarge];
  }
  if (Object.keys(errors).length > 0) {
    if (upload) await files.remove(upload.stored.path).catch(() => undefined);
    throw new ValidationFailed(errors);
  }
  const { name, path, url } = upload!.stored;
  return { name, path, url };
}
