/** The part of multer (2.x) the streaming upload uses; the package ships no types. */
declare module 'multer' {
  import type { Request, RequestHandler } from 'express';
  import type { Readable } from 'node:stream';

  namespace multer {
    interface File {
      fieldname: string;
      originalname: string;
      encoding: string;
      mimetype: string;
      size?: number;
      stream: Readable;
    }
    interface StorageEngine {
      _handleFile(request: Request, file: File, callback: (error?: unknown, info?: Record<string, unknown>) => void): void;
      _removeFile(request: Request, file: File & Record<string, unknown>, callback: (error: unknown) => void): void;
    }
    interface Options {
      storage: StorageEngine;
      limits?: { fileSize?: number; files?: number; fields?: number; fieldSize?: number; parts?: number };
      defParamCharset?: string;
    }
    interface Multer {
      fields(fields: { name: string; maxCount: number }[]): RequestHandler;
    }
    class MulterError extends Error {
      code: string;
      field?: string;
    }
  }
  function multer(options: multer.Options): multer.Multer;
  export = multer;
}
