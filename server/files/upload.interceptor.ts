import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  mixin,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import type { UploadPolicy } from '../../shared/files.js';
import { MESSAGES } from '../../shared/messages.js';
import { ValidationFailed } from '../common/http/errors.js';
import { UploadSlots } from './upload-slots.js';

/** The part of multer's file object the upload routes read. */
export interface MultipartFile {
  fieldname: string;
  originalname: string;
  size: number;
  buffer: Buffer;
}

/**
 * Reads a multipart body with one file under any of `fields` into memory (multer, through
 * @nestjs/platform-express), cutting the body off at the policy's size: multer stops buffering at
 * the limit and only drains the rest. multer's refusals become the contract's replies: too large
 * → 422 with the policy's size message under the field, a second file → 422, a malformed body → 400,
 * all in Russian. Uploads at once are bounded (./upload-slots.ts).
 */
export function UploadInterceptor(fields: readonly [string, ...string[]], policy: UploadPolicy): Type<NestInterceptor> {
  const Multer = FileFieldsInterceptor(
    fields.map((name) => ({ name, maxCount: 1 })),
    {
      limits: { fileSize: policy.maxBytes, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 24 },
      // Browsers send file names as raw UTF-8 (Cyrillic names are common); busboy's default is latin1.
      defParamCharset: 'utf8',
    },
  );

  @Injectable()
  class Upload implements NestInterceptor {
    private readonly multer = new Multer();

    constructor(@Inject(UploadSlots) private readonly slots: UploadSlots) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      this.slots.take(http.getRequest<Request>(), http.getResponse<Response>());
      try {
        return await this.multer.intercept(context, next);
      } catch (error) {
        throw translate(error, fields, policy);
      }
    }
  }
  return mixin(Upload);
}

function translate(error: unknown, fields: readonly [string, ...string[]], policy: UploadPolicy): unknown {
  if (!(error instanceof HttpException)) return error;
  const cause = (error.cause ?? {}) as { code?: string; field?: string };
  const field = cause.field && fields.includes(cause.field) ? cause.field : fields[0];
  if (error instanceof PayloadTooLargeException) return new ValidationFailed({ [field]: [policy.messages.tooLarge] });
  if (cause.code === 'LIMIT_FILE_COUNT') return new ValidationFailed({ [field]: [MESSAGES.files.oneFile] });
  if (cause.code === 'LIMIT_UNEXPECTED_FILE') {
    // A second file under an accepted name, or a file under a name the route does not take.
    return new ValidationFailed({ [field]: [cause.field && fields.includes(cause.field) ? MESSAGES.files.oneFile : MESSAGES.files.required] });
  }
  if (error instanceof BadRequestException) return new HttpException({ message: MESSAGES.files.malformed }, HttpStatus.BAD_REQUEST);
  if (error.getStatus() === HttpStatus.UNSUPPORTED_MEDIA_TYPE) return new HttpException({ message: MESSAGES.files.malformed }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  return error;
}

/** The file of a request read by UploadInterceptor: the first of `fields` that came, and its field. */
export function uploadedFile(request: Request, fields: readonly [string, ...string[]]): { field: string; file: MultipartFile | undefined } {
  const files = (request as Request & { files?: Record<string, MultipartFile[] | undefined> }).files ?? {};
  for (const field of fields) {
    const file = files[field]?.[0];
    if (file) return { field, file };
  }
  return { field: fields[0], file: undefined };
}
