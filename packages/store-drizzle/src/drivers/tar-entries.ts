/** One file or folder of a tar archive. */
export interface TarEntry {
  /** The entry's path, relative, with `/` between its parts (never `..`, never absolute). */
  readonly path: string;
  readonly kind: 'file' | 'folder';
  /** The permission bits the archive records (e.g. `0o600`). */
  readonly mode: number;
  /** The file's bytes, a view into the archive; empty for a folder. */
  readonly data: Uint8Array;
}

const blockSize = 512;

function text(header: Uint8Array, from: number, length: number): string {
  const field = header.subarray(from, from + length);
  const end = field.indexOf(0);
  return Buffer.from(end < 0 ? field : field.subarray(0, end)).toString('utf8');
}

function octal(header: Uint8Array, from: number, length: number): number {
  const digits = text(header, from, length).trim();
  if (!/^[0-7]+$/.test(digits)) throw new Error(`tar: a header field is not octal: ${digits}`);
  return Number.parseInt(digits, 8);
}

/** The header's checksum is right: the sum of its bytes, the checksum field counted as spaces. */
function checksumHolds(header: Uint8Array): boolean {
  let sum = 0;
  for (let index = 0; index < blockSize; index += 1) {
    sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
  }
  return sum === octal(header, 148, 8);
}

/**
 * The regular files and folders of a POSIX (ustar) tar archive, in archive
 * order, as PGlite's `dumpDataDir` writes one: leading `/` dropped, ustar's
 * name prefix joined. Other entry kinds (links, devices) are refused.
 *
 * @throws Error when the archive is cut short, a header's checksum is wrong,
 * an entry is of another kind or its path leaves the archive's root.
 */
export function tarEntries(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + blockSize <= archive.length) {
    const header = archive.subarray(offset, offset + blockSize);
    if (header.every((byte) => byte === 0)) return entries;
    if (!checksumHolds(header)) throw new Error(`tar: bad header checksum at byte ${offset}`);
    const name = text(header, 0, 100);
    const prefix = text(header, 257, 6).startsWith('ustar') ? text(header, 345, 155) : '';
    const parts = (prefix ? `${prefix}/${name}` : name)
      .split('/')
      .filter((part) => part !== '' && part !== '.');
    const type = String.fromCharCode(header[156] ?? 0);
    if (parts.includes('..') || (parts.length === 0 && type !== '5')) {
      throw new Error(`tar: entry path outside the archive: ${name}`);
    }
    const size = octal(header, 124, 12);
    const start = offset + blockSize;
    if (start + size > archive.length) throw new Error('tar: archive cut short');
    if (parts.length === 0) {
      // The archive's root folder itself (`./`): the folder being extracted into.
    } else if (type === '0' || type === '\u0000') {
      entries.push({
        path: parts.join('/'),
        kind: 'file',
        mode: octal(header, 100, 8) & 0o777,
        data: archive.subarray(start, start + size),
      });
    } else if (type === '5') {
      entries.push({
        path: parts.join('/'),
        kind: 'folder',
        mode: octal(header, 100, 8) & 0o777,
        data: new Uint8Array(0),
      });
    } else {
      throw new Error(`tar: unsupported entry type ${JSON.stringify(type)} for ${name}`);
    }
    offset = start + Math.ceil(size / blockSize) * blockSize;
  }
  throw new Error('tar: archive cut short (no end marker)');
}
