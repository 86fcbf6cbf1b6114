/** The pure parts of uploads: telling a file's kind by content, stored-path shapes, display names. */
import { describe, expect, it } from 'vitest';
import { extensionOf, sniffFileKind } from '../../shared/files.js';
import { cleanOriginalName, isStoragePath } from './files.service.js';

const bytes = (...parts: (number[] | string | Buffer)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

describe('sniffFileKind', () => {
  it('tells the kinds by their signatures', () => {
    expect(sniffFileKind(bytes([0xff, 0xd8, 0xff, 0xdb], 'rest'))).toBe('jpeg');
    expect(sniffFileKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('png');
    expect(sniffFileKind(bytes('%PDF-1.4\n'))).toBe('pdf');
    expect(sniffFileKind(bytes('PK\x03\x04', '....[Content_Types].xml....word/document.xml'))).toBe('docx');
    expect(sniffFileKind(bytes('PK\x03\x04', '....[Content_Types].xml....xl/workbook.xml'))).toBe('xlsx');
    expect(sniffFileKind(bytes(OLE, '....', Buffer.from('WordDocument', 'utf16le')))).toBe('doc');
    expect(sniffFileKind(bytes(OLE, '....', Buffer.from('Workbook', 'utf16le')))).toBe('xls');
  });

  it('knows nothing else, whatever the name would say', () => {
    for (const sample of [
      bytes(''),
      bytes([0xff, 0xd8]),
      bytes([0x89, 0x50, 0x4e, 0x47]),
      bytes('GIF89a'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('%PD'),
      bytes('PK\x03\x04', 'plain zip, no office parts'),
      bytes(OLE, 'no known stream'),
      bytes('Просто текст'),
    ]) {
      expect(sniffFileKind(sample), sample.toString('latin1')).toBeNull();
    }
  });
});

describe('stored paths and names', () => {
  it('a stored path is relative, of plain segments, without traversal', () => {
    for (const path of ['photos/city/0b8f.jpg', 'images/sea_tour/a-b.png', 'documents/agency/x.docx']) expect(isStoragePath(path), path).toBe(true);
    for (const path of [
      '',
      '/photos/city/a.jpg',
      'photos//a.jpg',
      'photos/city/',
      '../a.jpg',
      'photos/../a.jpg',
      'photos/./a.jpg',
      'photos/a..jpg',
      'photos\\a.jpg',
      'photos/a.jpg\u0000',
      'photos/%2e%2e/a.jpg',
      'photos/a b.jpg',
      'photos/.hidden',
      `photos/${'a'.repeat(300)}.jpg`,
    ]) {
      expect(isStoragePath(path), JSON.stringify(path)).toBe(false);
    }
  });

  it('a display name keeps the client name without folders or control characters', () => {
    expect(cleanOriginalName('C:\\Users\\Мария\\Фото 1.JPG', 'x.jpg')).toBe('Фото 1.JPG');
    expect(cleanOriginalName('../../etc/passwd', 'x.jpg')).toBe('passwd');
    expect(cleanOriginalName('a\u0000b\nc.png', 'x.png')).toBe('abc.png');
    expect(cleanOriginalName('', 'x.png')).toBe('x.png');
    expect(cleanOriginalName(undefined, 'x.png')).toBe('x.png');
    expect(cleanOriginalName(`${'я'.repeat(400)}.pdf`, 'x.pdf')).toHaveLength(255);
  });

  it('extensionOf reads the last extension, lower-case', () => {
    expect(extensionOf('Photo.JPEG')).toBe('jpeg');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('dir.v2/file')).toBe('');
  });
});
