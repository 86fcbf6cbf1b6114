/**
 * Uploads (spec 01 §5 "Photos", §7 "Uploads", §9): what may be uploaded, how big, with which
 * messages, and how a file's real kind is told from its first bytes. Used by the server (the check
 * that decides) and by the renderer (the pre-check that saves a round trip), so a limit lives here once.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { ACCESS, type Role } from './roles.js';
import { optionalText, requiredInteger } from './validation.js';

// ---------------------------------------------------------------------------------------------
// Kinds of file, told by content

/** Kinds of file the server can recognise by their content. */
export type FileKind = 'jpeg' | 'png' | 'pdf' | 'docx' | 'xlsx' | 'doc' | 'xls' | 'bmp' | 'mp4' | 'mov' | 'avi' | 'ogg' | 'webm';

export interface FileKindInfo {
  /** The MIME type the file is stored and served with. */
  mime: string;
  /** Extensions a name of this kind may have; the first is the one stored paths get. */
  extensions: readonly string[];
  /** Shown inline by the browser (images); anything else is served as an attachment. */
  image: boolean;
  /** Played inline (a video element asks for byte ranges). */
  video?: boolean;
}

export const FILE_KINDS: Readonly<Record<FileKind, FileKindInfo>> = {
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], image: true },
  png: { mime: 'image/png', extensions: ['png'], image: true },
  pdf: { mime: 'application/pdf', extensions: ['pdf'], image: false },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'], image: false },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'], image: false },
  doc: { mime: 'application/msword', extensions: ['doc'], image: false },
  xls: { mime: 'application/vnd.ms-excel', extensions: ['xls'], image: false },
  bmp: { mime: 'image/bmp', extensions: ['bmp'], image: true },
  mp4: { mime: 'video/mp4', extensions: ['mp4'], image: false, video: true },
  mov: { mime: 'video/quicktime', extensions: ['mov'], image: false, video: true },
  avi: { mime: 'video/x-msvideo', extensions: ['avi'], image: false, video: true },
  ogg: { mime: 'video/ogg', extensions: ['ogg', 'ogv'], image: false, video: true },
  webm: { mime: 'video/webm', extensions: ['webm'], image: false, video: true },
};

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46]; // %PDF
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04: docx, xlsx (Office Open XML)
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // compound file: legacy doc, xls
const BMP = [0x42, 0x4d]; // BM
const RIFF = [0x52, 0x49, 0x46, 0x46]; // RIFF, then the size, then the form type (AVI )
const OGG = [0x4f, 0x67, 0x67, 0x53]; // OggS
const EBML = [0x1a, 0x45, 0xdf, 0xa3]; // Matroska / WebM

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
/** A stream name of a compound file directory is UTF-16LE. */
const utf16le = (text: string) => [...text].flatMap((char) => [char.charCodeAt(0), 0]);

function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0];
  const last = bytes.length - needle.length;
  for (let index = bytes.indexOf(first!); index !== -1 && index <= last; index = bytes.indexOf(first!, index + 1)) {
    let match = true;
    for (let offset = 1; offset < needle.length; offset++) {
      if (bytes[index + offset] !== needle[offset]) {
        match = false;
        break;
      }
    }
    if (match) return true;
  }
  return false;
}

/**
 * The kind of a file told from its content alone (never from its name or the client's MIME type):
 * JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, PDF `%PDF`; a ZIP (`PK 03 04`) is a docx when it
 * has a `word/` part and an xlsx when it has an `xl/` part (part names are stored uncompressed);
 * a compound file (`D0 CF 11 E0 A1 B1 1A E1`) is a doc with a `WordDocument` stream and an xls with
 * a `Workbook` (or old `Book`) stream; videos by their containers (RIFF `AVI `, `OggS`, EBML with
 * the `webm` doctype, an ISO `ftyp` box: `qt  ` brand a mov, any other an mp4); a BMP by `BM` and
 * its header size. Anything else is null. The first megabyte is enough for every kind.
 */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, ZIP)) {
    if (contains(bytes, ascii('word/'))) return 'docx';
    if (contains(bytes, ascii('xl/'))) return 'xlsx';
    return null;
  }
  if (startsWith(bytes, RIFF) && startsWith(bytes.subarray(8), ascii('AVI '))) return 'avi';
  if (startsWith(bytes, OGG)) return 'ogg';
  if (startsWith(bytes, EBML)) return contains(bytes.subarray(0, 64), ascii('webm')) ? 'webm' : null;
  // ISO media: a box of type `ftyp` first; QuickTime's brand is `qt  `, anything else is MPEG-4.
  if (startsWith(bytes.subarray(4), ascii('ftyp'))) return startsWith(bytes.subarray(8), ascii('qt  ')) ? 'mov' : 'mp4';
  if (startsWith(bytes, BMP) && bytes.length >= 26 && bytes[14]! >= 12 && bytes[15] === 0 && bytes[16] === 0 && bytes[17] === 0) return 'bmp';
  if (startsWith(bytes, OLE)) {
    if (contains(bytes, utf16le('WordDocument'))) return 'doc';
    if (contains(bytes, utf16le('Workbook')) || contains(bytes, utf16le('Book'))) return 'xls';
    return null;
  }
  return null;
}

/** The lower-case extension of a file name without the dot, or ''. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

// ---------------------------------------------------------------------------------------------
// Upload policies: what a kind of upload accepts

export interface UploadPolicy {
  /** Kinds accepted (told by content on the server). */
  kinds: readonly FileKind[];
  /** Largest accepted size in bytes (this size itself is accepted). */
  maxBytes: number;
  messages: { tooLarge: string; badFormat: string };
}

const MB = 1024 * 1024;

/** Photos and editor images (spec 01 §5 "Photos", §9): jpg, jpeg, png up to 2 MB. */
export const PHOTO_POLICY: UploadPolicy = {
  kinds: ['jpeg', 'png'],
  maxBytes: 2 * MB,
  messages: { tooLarge: MESSAGES.files.tooLarge(2), badFormat: MESSAGES.files.badFormat },
};

/**
 * Images of a catalogue section (spec 03 §5, §9 "catalogue image default 2 MB, JPG/JPEG"): its
 * banner and image, uploaded through POST /api/images with entity `catalog-section`.
 */
export const JPEG_IMAGE_POLICY: UploadPolicy = {
  kinds: ['jpeg'],
  maxBytes: 2 * MB,
  messages: { tooLarge: MESSAGES.files.tooLarge(2), badFormat: MESSAGES.files.badFormat },
};

/** The `entity` of POST /api/images for a catalogue section's banner and image. */
export const CATALOG_SECTION_IMAGE_ENTITY = 'catalog-section';

/** What POST /api/images accepts for an entity: its own policy where one is named, else photos'. */
export const imagePolicyOf = (entity: string): UploadPolicy => (entity === CATALOG_SECTION_IMAGE_ENTITY ? JPEG_IMAGE_POLICY : PHOTO_POLICY);

/** Where POST /api/images stores the images of `entity` (`images/catalog-section/`). */
export const imageArea = (entity: string) => `images/${entity}/`;

/**
 * Agency documents (spec 01 §2.7, §5): the limits GET /api/files/limits reports. The spec names no
 * numbers beyond the client's defaults; 10 MB takes a scanned contract, and the kinds are the office
 * formats the server can tell by content.
 */
export const DOCUMENT_POLICY: UploadPolicy = {
  kinds: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpeg', 'png'],
  maxBytes: 10 * MB,
  messages: { tooLarge: MESSAGES.files.tooLarge(10), badFormat: MESSAGES.files.badFormat },
};

/**
 * An application's uploaded documents (issue 28 "Documents", spec 03 §9): PDF only, told by content,
 * up to 20 MB each; how many an application keeps is `APPLICATION_LIMITS.documents`.
 */
export const APPLICATION_DOCUMENT_POLICY: UploadPolicy = {
  kinds: ['pdf'],
  maxBytes: 20 * MB,
  messages: { tooLarge: MESSAGES.files.tooLarge(20), badFormat: MESSAGES.files.onlyPdf },
};

/** Extensions a policy accepts (for `accept` attributes and the pre-check). */
export const policyExtensions = (policy: UploadPolicy): string[] => policy.kinds.flatMap((kind) => [...FILE_KINDS[kind].extensions]);
export const policyMimes = (policy: UploadPolicy): string[] => [...new Set(policy.kinds.map((kind) => FILE_KINDS[kind].mime))];
/** The value of an `<input type=file accept>` for the policy: `.jpg,.jpeg,.png,image/jpeg,image/png`. */
export const policyAccept = (policy: UploadPolicy): string =>
  [...policyExtensions(policy).map((extension) => `.${extension}`), ...policyMimes(policy)].join(',');

/**
 * The client-side pre-check of a chosen file (the server still decides by content): its extension
 * or its browser-given type must be one of the policy's, and its size within the limit.
 * Returns the message to show, or null when the file may be sent.
 */
export function precheckFile(file: { name: string; size: number; type?: string }, policy: UploadPolicy): string | null {
  const extension = extensionOf(file.name);
  const knownExtension = policyExtensions(policy).includes(extension);
  const knownType = !!file.type && policyMimes(policy).includes(file.type.toLowerCase());
  if (!knownExtension && !(extension === '' && knownType)) return policy.messages.badFormat;
  if (file.size > policy.maxBytes) return policy.messages.tooLarge;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The HTTP contract of spec 01 §7 "Uploads"

/** Where GET /api/storage/<path> serves uploads from (relative: the desktop app's port changes). */
export const STORAGE_URL_PREFIX = '/api/storage/';
export const storageUrl = (path: string) => `${STORAGE_URL_PREFIX}${path}`;

/** The kind a stored path (or its /api/storage url) was stored as: the store names every path by the kind sniffed from its content. */
export function kindOfStoredPath(path: string): FileKind | null {
  const extension = extensionOf(path);
  const found = (Object.entries(FILE_KINDS) as [FileKind, FileKindInfo][]).find(([, info]) => info.extensions[0] === extension);
  return found ? found[0] : null;
}

/**
 * The name a stored file is downloaded under: its name, with the extension of the kind its content
 * is, unless it already ends with one of that kind's (case-insensitive). `invoice.hta` that is a PDF
 * downloads as `invoice.hta.pdf`, so opening the download never runs it. The server's
 * Content-Disposition and the renderer's `download` attribute both use it. `storedPath` is the
 * stored path or its url.
 */
export function downloadName(name: string, storedPath: string): string {
  const kind = kindOfStoredPath(storedPath);
  if (!kind) return name;
  const { extensions } = FILE_KINDS[kind];
  return extensions.includes(extensionOf(name)) ? name : `${name}.${extensions[0]}`;
}

/** Entities POST /api/photos stores photos for (spec 01 §7: city, bus). */
export const PHOTO_ENTITIES = ['city', 'bus'] as const;
export type PhotoEntity = (typeof PHOTO_ENTITIES)[number];

/**
 * Who may upload photos and editor images of an entity (`entity` of POST /api/photos and
 * /api/images; `upload` for POST /api/upload): the roles that edit what they attach to (spec 01 §6).
 * Cities are a handbook of all three; everything else with pictures — hotels, bus transports
 * (`bus`), tours, the photo lists /upload feeds — is the administrator's and the manager's.
 */
export const uploadRoles = (entity: string): readonly Role[] => (entity === 'city' ? ACCESS.everyone : ACCESS.administratorAndManager);

/** POST /api/upload accepts these `type` values. */
export const UPLOAD_TYPES = ['photo'] as const;

/** Every stored photo path starts with this; DELETE /api/photos refuses any other. */
export const PHOTOS_AREA = 'photos/';

/**
 * Where POST /api/photos stores the photos of `entity` (`photos/city/`): the kind of an upload. A
 * record's file field accepts only its kind (a city's catalogue image is a city photo), checked by
 * its schema and by a CHECK constraint.
 */
export const photoArea = (entity: PhotoEntity) => `${PHOTOS_AREA}${entity}/`;

/** Reply of POST /api/photos, /api/upload and the name/path/url of an uploaded file (spec 02 §3). */
export interface UploadedFile {
  name: string;
  path: string;
  url: string;
}

/** GET /api/files/limits: size in KB, and the accepted extensions (Laravel's `mimes` rule) and MIME types. */
export interface FileLimits {
  size: number;
  mimes: string[];
  mime_types: string[];
}

export const fileLimitsOf = (policy: UploadPolicy): FileLimits => ({
  size: Math.floor(policy.maxBytes / 1024),
  mimes: policyExtensions(policy),
  mime_types: policyMimes(policy),
});

/** Client defaults before GET /api/files/limits answers (spec 01 §7). */
export const FILE_LIMITS_DEFAULTS: FileLimits = { size: 2048, mimes: [], mime_types: [] };

const M = MESSAGES.validation;
const entityText = z.string({ error: M.required }).trim().min(1, M.required);

/** Text fields of POST /api/photos. */
export const photoUploadFieldsSchema = z.object({
  entity: entityText.pipe(z.enum(PHOTO_ENTITIES, { error: M.oneOf })),
  type: optionalText(50),
});

/** Text fields of POST /api/images: an entity name, used as a folder (`images/<entity>/…`). */
export const imageUploadFieldsSchema = z.object({
  entity: entityText.max(50, M.maxLength(50)).regex(/^[a-z][a-z0-9_-]*$/, M.invalid),
});

/** Text fields of POST /api/upload. */
export const uploadFieldsSchema = z.object({
  type: entityText.pipe(z.enum(UPLOAD_TYPES, { error: M.oneOf })),
});

// ---------------------------------------------------------------------------------------------
// Photo lists (spec 01 §3 "Photo", §5)

export const PHOTO_LIST_LIMITS = {
  /** Files taken from one pick or drop in the multi-photo uploader. */
  filesAtOnce: 20,
  captionMax: 50,
  sortMin: 1,
  sortMax: 255,
} as const;

/** One photo of a record's photo list, as the forms send it. */
export const photoSchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().max(255),
  path: z.string().min(1, M.required).max(255),
  url: z.string().max(300),
  alt: optionalText(PHOTO_LIST_LIMITS.captionMax),
  type: z.union([z.string(), z.number()]).nullable().optional(),
  sort: requiredInteger(PHOTO_LIST_LIMITS.sortMin, PHOTO_LIST_LIMITS.sortMax),
});

/**
 * An uploaded file a record keeps: {name, path, url}, of its field's kind only — a path in `area`
 * (the upload type's storage folder), as the database's `ck__path` CHECKs hold too.
 */
export const uploadedFileSchema = (area: string) =>
  z.object({
    name: z.string({ error: M.invalid }).max(255, M.maxLength(255)),
    path: z
      .string({ error: M.required })
      .min(1, M.required)
      .max(255, M.maxLength(255))
      .refine((path) => path.startsWith(`${area}/`), MESSAGES.files.wrongKind),
    url: z.string().max(300).optional(),
  });

/** A photo or video of a record's media list (spec 02 §3, spec 03 §3 "Photo"): the file with a caption. */
export const mediaItemSchema = (area: string, captionMax: number) =>
  uploadedFileSchema(area).extend({
    id: z.unknown().optional(),
    alt: optionalText(captionMax),
    type: z.unknown().optional(),
  });

export interface Photo {
  id?: number;
  name: string;
  path: string;
  url: string;
  alt: string | null;
  type?: string | number | null;
  sort: number;
}

// ---------------------------------------------------------------------------------------------
// Rich-text editor (spec 01 §5)

export const RICH_TEXT_LIMITS = {
  tableColumns: { min: 1, max: 10, default: 3 },
  tableRows: { min: 1, max: 30, default: 3 },
  headingLevels: [1, 2, 3, 4] as const,
} as const;
