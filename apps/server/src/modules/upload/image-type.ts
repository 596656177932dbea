import { UPLOAD_NAME_PATTERN } from '@uc/contracts';

/** The image kinds accepted, recognised by their first bytes (the file name and the browser's type are not trusted). */
const SIGNATURES: { ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { ext: 'webp', mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function imageTypeOf(bytes: Buffer): { ext: string; mime: string } | undefined {
  const hit = SIGNATURES.find((s) => bytes.length >= 12 && s.test(bytes));
  return hit && { ext: hit.ext, mime: hit.mime };
}

export const MIME_OF_EXT: Record<string, string> = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.mime]));
/** Stored names: 32 random hex digits and a known extension; anything else is not ours (no traversal). The contracts' rule, so what a record may hold and what is served agree. */
export const STORED_NAME = UPLOAD_NAME_PATTERN;
