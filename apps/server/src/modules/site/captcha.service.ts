import { createHash, randomInt, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import type { Db } from '../../db/client';
import { serverRoot } from '../../lib/server-root';
import { enforceLimit } from '../security/rate-limit.service';
import { deleteExpiredCaptchas, insertCaptcha, spendCaptcha } from './captcha.repository';

/*
 * Captcha images are PNG pixels: a drawing of the code's characters, each turned, skewed and scaled
 * at random, warped by a random displacement field and crossed by curves in the characters' own
 * colours. An SVG (as before) told a program the answer, since each character was a path whose
 * commands identified it; here nothing but pixels leaves the server, with no text or metadata.
 */

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const CAPTCHA_PER_IP_PER_MINUTE = 30;
const WIDTH = 150;
const HEIGHT = 50;
/** Case does not matter when checking; left out: digits that pass for letters (0 1 2 5 6 7 8 9) and O o I i l t Z g q. */
const ALPHABET = 'ABCDEFGHJKMNPRSTUVWXYabdefhkmnpruy34';

// The captcha face svg-captcha ships: made for captchas, and bundled, so no system font is needed.
let fontFile: string | undefined;
/** How the image is rendered: the bundled face only (a missing face would draw no text at all). */
export const captchaFont = () => ({
  fontFiles: [(fontFile ??= createRequire(join(serverRoot(), 'package.json')).resolve('svg-captcha/fonts/Comismsh.ttf'))],
  loadSystemFonts: false,
  defaultFontFamily: 'Comismsh',
});

const hashCode = (code: string): string => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

/** A random number in [min, max) from the system's secure source (Math.random can be predicted). */
const between = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const fixed = (n: number) => n.toFixed(1);
const inkColour = () => `hsl(${randomInt(0, 360)},${randomInt(50, 80)}%,${randomInt(25, 40)}%)`;

function drawing(text: string): string {
  const step = (WIDTH - 16) / text.length;
  const inks = [...text].map(inkColour);
  const glyphs = [...text].map((ch, i) => {
    const at = `translate(${fixed(8 + step * (i + 0.5) + between(-3, 3))} ${fixed(HEIGHT / 2 + between(-3, 3))})`;
    const bend = `rotate(${fixed(between(-20, 20))}) skewX(${fixed(between(-10, 10))}) scale(${between(0.9, 1.1).toFixed(2)})`;
    return `<g transform="${at} ${bend}"><text y="14" font-size="44" text-anchor="middle" fill="${inks[i]}" stroke="${inks[i]}" stroke-width="1.2">${ch}</text></g>`;
  });
  // Curves across the text in the characters' colours, so colour alone does not separate them.
  const curves = inks.slice(0, 3).map((ink) => {
    const y = () => fixed(between(10, HEIGHT - 10));
    const bow = () => fixed(between(-10, HEIGHT + 10));
    return `<path d="M0 ${y()} C${fixed(between(30, 70))} ${bow()} ${fixed(between(80, 120))} ${bow()} ${WIDTH} ${y()}" stroke="${ink}" stroke-width="${between(1, 1.6).toFixed(1)}" fill="none"/>`;
  });
  const specks = Array.from(
    { length: 50 },
    () => `<circle cx="${fixed(between(0, WIDTH))}" cy="${fixed(between(0, HEIGHT))}" r="${between(0.4, 1.1).toFixed(1)}" fill="${inkColour()}"/>`,
  );
  const warp = `<filter id="warp" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="${between(0.02, 0.035).toFixed(3)} ${between(0.04, 0.07).toFixed(3)}" numOctaves="2" seed="${randomInt(1, 100_000)}"/>
    <feDisplacementMap in="SourceGraphic" scale="${fixed(between(5, 8))}" xChannelSelector="R" yChannelSelector="G"/>
  </filter>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>${warp}</defs>
  <rect width="100%" height="100%" fill="#f5f5f5"/>${specks.join('')}
  <g font-family="Comismsh" filter="url(#warp)">${glyphs.join('')}${curves.join('')}</g>
</svg>`;
}

/** The PNG of a captcha showing `text` (rendered off the event loop). */
export async function captchaImage(text: string): Promise<Buffer> {
  const image = await renderAsync(drawing(text), { font: captchaFont() });
  return image.asPng();
}

/**
 * A new captcha for a client at `ip` (at most CAPTCHA_PER_IP_PER_MINUTE, else a 429): the image goes
 * to the client, only the hash of its code is kept.
 */
export async function createCaptcha(db: Db, ip: string): Promise<{ cid: string; base64: string }> {
  await enforceLimit(db, `captcha:ip:${ip}`, CAPTCHA_PER_IP_PER_MINUTE, 60, 'captcha images from this address');
  const text = Array.from({ length: 4 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  const png = await captchaImage(text);
  const cid = randomUUID();
  await insertCaptcha(db, { id: cid, codeHash: hashCode(text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  // Housekeeping now and then: expired codes are useless and only grow the table.
  if (Math.random() < 0.02) await deleteExpiredCaptchas(db);
  return { cid, base64: `data:image/png;base64,${png.toString('base64')}` };
}

/**
 * Spends a captcha: any attempt uses it up (right or wrong), so a code can never be tried twice.
 * True only when it existed, was unused, unexpired and the code matches (case-insensitively).
 */
export async function consumeCaptcha(db: Db, cid: string | undefined, code: string | undefined): Promise<boolean> {
  if (!cid || !code) return false;
  return (await spendCaptcha(db, cid)) === hashCode(code);
}
