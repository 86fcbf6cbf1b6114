import { HttpException, HttpStatus, Inject, Injectable, mixin, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import type { UploadPolicy } from '../../shared/files.js';
import { MESSAGES } from '../../shared/messages.js';
import { ValidationFailed } from '../common/http/errors.js';
import { FilesService, type StoredUpload } from './files.service.js';
import { UploadSlots } from './upload-slots.js';

/** Where a streamed file goes: decided from the text fields sent before it (e.g. `type`). */
export interface StreamPlacement {
  policy: UploadPolicy;
  area: string;
  entity?: string | null;
  type?: string | null;
}

/** The upload a streamed multipart request stored (set on the request by StreamUploadInterceptor). */
export function streamedUpload(request: Request): { field: string; stored: StoredUpload } | undefined {
  return (request as Request & { streamedUpload?: { field: string; stored: StoredUpload } }).streamedUpload;
}

/**
 * Reads a multipart body with one file under any of `fields` straight into PostgreSQL, in chunks
 * (FilesService.storeStream), never buffering the whole file: the way for large files (videos up to
 * 100 MB). `place` picks the policy and area from the text fields sent before the file (a client
 * sends them first; without them `fallback` applies and the route checks again). Refusals are the
 * contract's: too large or of another kind → 422 under the field, a second file → 422, a malformed
 * body → 400, in Russian. A request that fails after the file was stored removes it. Uploads at once
 * are bounded (./upload-slots.ts).
 */
export function StreamUploadInterceptor(fields: readonly [string, ...string[]], maxBytes: number, place: (body: Record<string, unknown>) => StreamPlacement): Type<NestInterceptor> {
  @Injectable()
  class StreamUpload implements NestInterceptor {
    constructor(
      @Inject(FilesService) private readonly files: FilesService,
      @Inject(UploadSlots) private readonly slots: UploadSlots,
    ) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const request = context.switchToHttp().getRequest<Request>();
      const response = context.switchToHttp().getResponse<Response>();
      this.slots.take(request, response);
      const files = this.files;
      let policy: UploadPolicy | undefined;
      const storage: multer.StorageEngine = {
        _handleFile(req, file, callback) {
          const placement = place((req.body ?? {}) as Record<string, unknown>);
          policy = placement.policy;
          files
            .storeStream(file.stream, file.originalname, { ...placement, field: file.fieldname, createdBy: req.user?.id ?? null })
            .then((stored) => {
              (req as Request & { streamedUpload?: unknown }).streamedUpload = { field: file.fieldname, stored };
              callback(null, { size: stored.size, storedPath: stored.path });
            })
            .catch((error: unknown) => {
              file.stream.resume(); // let the parser reach the end of the part
              callback(error);
            });
        },
        _removeFile(_req, file, callback) {
          const path = file.storedPath as string | undefined;
          if (!path) return callback(null);
          files.remove(path).then(() => callback(null), callback);
        },
      };
      const middleware = multer({
        storage,
        limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 24 },
        // Browsers send file names as raw UTF-8 (Cyrillic names are common); busboy's default is latin1.
        defParamCharset: 'utf8',
      }).fields(fields.map((name) => ({ name, maxCount: 1 })));
      await new Promise<void>((resolve, reject) => middleware(request, response, (error?: unknown) => (error ? reject(translate(error, fields, policy)) : resolve())));
      return next.handle();
    }
  }
  return mixin(StreamUpload);
}

function translate(error: unknown, fields: readonly [string, ...string[]], policy: UploadPolicy | undefined): unknown {
  if (error instanceof HttpException) return error;
  const { code, field: named } = error as { code?: string; field?: string };
  const field = named && fields.includes(named) ? named : fields[0];
  if (code === 'LIMIT_FILE_SIZE') return new ValidationFailed({ [field]: [policy?.messages.tooLarge ?? MESSAGES.validation.tooLarge] });
  if (code === 'LIMIT_FILE_COUNT') return new ValidationFailed({ [field]: [MESSAGES.files.oneFile] });
  if (code === 'LIMIT_UNEXPECTED_FILE') return new ValidationFailed({ [field]: [named && fields.includes(named) ? MESSAGES.files.oneFile : MESSAGES.files.required] });
  if (code?.startsWith('LIMIT_') || (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message))) {
    return new HttpException({ message: MESSAGES.files.malformed }, HttpStatus.BAD_REQUEST);
  }
  return error;
}
