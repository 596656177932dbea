import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/*
 * A small, strict reader of npm package tarballs (.tgz: gzip over ustar, what `pnpm pack` and
 * `npm pack` write). Written here rather than taken from npm because an addon package comes from
 * outside and only a narrow subset is acceptable: regular files and directories under one `package/`
 * folder, no links, devices or absolute or climbing paths, bounded in size and count. Everything the
 * reader does not understand is a refusal, never a guess.
 */

const gunzipAsync = promisify(gunzip);
const BLOCK = 512;

export interface TarLimits {
  /** Largest total of the files' sizes once unpacked. */
  maxUnpackedBytes: number;
  /** Most files in the package. */
  maxFiles?: number;
}

/** A package that cannot be unpacked safely; `message` is a server message template and `params` its values. */
export class PackageRefused extends Error {
  constructor(
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export const NOT_GZIP = 'The package is not a gzip-compressed tarball (.tgz): make it with pnpm pack';
export const TOO_BIG_UNPACKED = 'The package unpacks to more than {max} MB: make it smaller or ask the platform to raise ADDON_UNPACKED_MAX_MB';
export const BAD_TAR = 'The package is not a valid tar archive ({problem}): make it again with pnpm pack';
export const BAD_ENTRY = 'The package holds {path}, which is not allowed ({problem}): an addon package holds plain files under package/ only';
export const TOO_MANY_FILES = 'The package holds more than {max} files: leave out what the addon does not need';

const text = (b: Buffer, start: number, length: number): string => {
  const raw = b.subarray(start, start + length);
  const nul = raw.indexOf(0);
  return raw.subarray(0, nul === -1 ? raw.length : nul).toString('utf8');
};

function octal(b: Buffer, start: number, length: number): number {
  const field = b.subarray(start, start + length);
  // GNU base-256 for sizes past 8 GB: far beyond any limit here.
  if ((field[0]! & 0x80) !== 0) throw new PackageRefused(BAD_TAR, { problem: 'a size in base-256' });
  const digits = text(b, start, length).trim();
  if (digits === '') return 0;
  if (!/^[0-7]+$/.test(digits)) throw new PackageRefused(BAD_TAR, { problem: 'a number field that is not octal' });
  return parseInt(digits, 8);
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum === octal(header, 148, 8);
}

/** Pax extended header records: "<length> <key>=<value>\n". */
function paxRecords(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number(data.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0 || at + length > data.length) throw new PackageRefused(BAD_TAR, { problem: 'a broken pax header' });
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

/** `package/dist/a.js` -> `dist/a.js`; refuses what could land outside the addon's folder. */
export function packagePath(raw: string): string | undefined {
  const shown = raw.slice(0, 200);
  if (raw.includes('\u0000') || raw.includes('\\')) throw new PackageRefused(BAD_ENTRY, { path: shown, problem: 'a backslash or NUL in its name' });
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) throw new PackageRefused(BAD_ENTRY, { path: shown, problem: 'an absolute path' });
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) throw new PackageRefused(BAD_ENTRY, { path: shown, problem: 'a path climbing out with ..' });
  if (parts[0] !== 'package') throw new PackageRefused(BAD_ENTRY, { path: shown, problem: 'outside the package/ folder' });
  const rest = parts.slice(1).join('/');
  if (rest.length > 400) throw new PackageRefused(BAD_ENTRY, { path: shown, problem: 'a path longer than 400 characters' });
  return rest === '' ? undefined : rest;
}

/**
 * The files of a .tgz package, keyed by their path inside `package/`. Directories are implied by the
 * paths; anything but plain files and directories (links, devices, fifos) refuses the package.
 */
export async function readPackage(tgz: Buffer, limits: TarLimits): Promise<Map<string, Buffer>> {
  if (tgz.length < 18 || tgz[0] !== 0x1f || tgz[1] !== 0x8b) throw new PackageRefused(NOT_GZIP);
  const maxMb = Math.round(limits.maxUnpackedBytes / 1024 / 1024);
  let tar: Buffer;
  try {
    // The archive's own blocks and headers come on top of the files' bytes: a little room for them.
    tar = await gunzipAsync(tgz, { maxOutputLength: limits.maxUnpackedBytes + 4 * 1024 * 1024 });
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PackageRefused(TOO_BIG_UNPACKED, { max: maxMb });
    throw new PackageRefused(NOT_GZIP);
  }
  const files = new Map<string, Buffer>();
  const maxFiles = limits.maxFiles ?? 10_000;
  let total = 0;
  let pax: Record<string, string> = {};
  let longName: string | undefined;
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    if (!checksumOk(header)) throw new PackageRefused(BAD_TAR, { problem: 'a header checksum does not match' });
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156]!);
    const dataStart = at + BLOCK;
    const dataEnd = dataStart + size;
    if (dataEnd > tar.length) throw new PackageRefused(BAD_TAR, { problem: 'it ends in the middle of a file' });
    const data = tar.subarray(dataStart, dataEnd);
    at = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      pax = paxRecords(data);
      continue;
    }
    if (type === 'g') continue;
    if (type === 'L') {
      longName = text(data, 0, data.length);
      continue;
    }
    const magic = text(header, 257, 6);
    const prefix = magic.startsWith('ustar') ? text(header, 345, 155) : '';
    const name = pax.path ?? longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    pax = {};
    longName = undefined;
    if (type === '5') {
      packagePath(name);
      continue;
    }
    if (type !== '0' && type !== '\u0000' && type !== '7') {
      const what = type === '1' ? 'a hard link' : type === '2' ? 'a symbolic link' : 'an entry that is neither a file nor a folder';
      throw new PackageRefused(BAD_ENTRY, { path: name.slice(0, 200), problem: what });
    }
    const path = packagePath(name);
    if (path === undefined) throw new PackageRefused(BAD_ENTRY, { path: name.slice(0, 200), problem: 'a file without a name' });
    total += size;
    if (total > limits.maxUnpackedBytes) throw new PackageRefused(TOO_BIG_UNPACKED, { max: maxMb });
    if (!files.has(path) && files.size >= maxFiles) throw new PackageRefused(TOO_MANY_FILES, { max: maxFiles });
    // A later entry of the same path replaces the earlier one, as tar itself does.
    files.set(path, Buffer.from(data));
  }
  return files;
}
