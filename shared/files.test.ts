import { describe, expect, it } from 'vitest';
import { downloadName, kindOfStoredPath, storageUrl } from './files.js';

describe('downloadName', () => {
  const pdf = 'documents/application/0b6c3c39-6f43-4a4e-9a4f-3f9d1d1d1d1d.pdf';

  it('adds the extension of the kind the content is when the name has another', () => {
    expect(downloadName('invoice.hta', pdf)).toBe('invoice.hta.pdf');
    expect(downloadName('invoice.html', pdf)).toBe('invoice.html.pdf');
    expect(downloadName('setup.exe', storageUrl(pdf))).toBe('setup.exe.pdf');
    expect(downloadName('Договор', pdf)).toBe('Договор.pdf');
    expect(downloadName('report.pdf.exe', pdf)).toBe('report.pdf.exe.pdf');
  });

  it('keeps a name that already ends with an extension of its kind, whatever the case', () => {
    expect(downloadName('Ваучер №2026-000001.pdf', pdf)).toBe('Ваучер №2026-000001.pdf');
    expect(downloadName('SCAN.PDF', pdf)).toBe('SCAN.PDF');
    expect(downloadName('photo.jpeg', 'photos/city/a.jpg')).toBe('photo.jpeg');
    expect(downloadName('photo.JPG', 'photos/city/a.jpg')).toBe('photo.JPG');
    expect(downloadName('photo.png', 'photos/city/a.jpg')).toBe('photo.png.jpg');
  });

  it('tells the kind from the stored path the store named by content', () => {
    expect(kindOfStoredPath(pdf)).toBe('pdf');
    expect(kindOfStoredPath('/api/storage/photos/city/a.jpg')).toBe('jpeg');
    expect(kindOfStoredPath('photos/city/a.jpeg')).toBeNull();
    expect(downloadName('a.hta', 'photos/city/noextension')).toBe('a.hta');
  });
});
