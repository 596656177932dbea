#!/usr/bin/env node
// `pnpm new:remote NAME [--title-zh 标题] [--title-en Title]`: a working remote in apps/NAME with one
// page (/NAME/hello), its locale tables and tests, from scripts/templates/remote. It edits no other
// file: the remote declares itself in its package.json ("ucRemote"), and the build, the server's
// registry, the menu and the shell's routes all follow from that declaration.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = join(ROOT, 'scripts', 'templates', 'remote');
/** The shell's dev server; remotes take the ports after it. */
const SHELL_DEV_PORT = 3000;

/** Next free dev port: one past the highest a remote declares (each remote's standalone server). */
export function nextDevPort(appsDir) {
  const ports = readdirSync(appsDir)
    .map((name) => join(appsDir, name, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')).ucRemote?.devPort)
    .filter((port) => Number.isInteger(port));
  return Math.max(SHELL_DEV_PORT, ...ports) + 1;
}

const camel = (name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const pascal = (name) => camel(name).replace(/^./, (c) => c.toUpperCase());

/** Writes the template into `target`, placeholders filled; returns the files written. */
export function renderRemote(target, { name, port, titleZh, titleEn }) {
  const values = { __NAME__: name, __name__: camel(name), __Name__: pascal(name), __PORT__: String(port), __TITLE_ZH__: titleZh, __TITLE_EN__: titleEn };
  const written = [];
  const walk = (from, to) => {
    for (const entry of readdirSync(from)) {
      const source = join(from, entry);
      if (statSync(source).isDirectory()) {
        walk(source, join(to, entry));
        continue;
      }
      const text = readFileSync(source, 'utf8').replace(/__NAME__|__name__|__Name__|__PORT__|__TITLE_ZH__|__TITLE_EN__/g, (key) => values[key]);
      const file = join(to, entry.replace(/\.tpl$/, ''));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      written.push(file);
    }
  };
  walk(TEMPLATE, target);
  return written;
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'title-zh': { type: 'string' }, 'title-en': { type: 'string' }, 'no-install': { type: 'boolean', default: false } },
  });
  const name = positionals[0] ?? '';
  const fail = (message) => {
    console.error(`new:remote: ${message}`);
    process.exit(1);
  };
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(name)) fail('give the remote a name of lower-case letters, digits and dashes: pnpm new:remote reports');
  const appsDir = join(ROOT, 'apps');
  const target = join(appsDir, name);
  if (existsSync(target)) fail(`apps/${name} exists already: choose another name`);
  const port = nextDevPort(appsDir);
  const files = renderRemote(target, { name, port, titleZh: values['title-zh'] ?? name, titleEn: values['title-en'] ?? name });
  console.log(`Created apps/${name} (${files.length} files): page /${name}/hello, dev port ${port}`);
  for (const file of files) console.log(`  ${relative(ROOT, file)}`);
  // Not frozen: CI=true makes pnpm refuse a lockfile change, and a new workspace package is one.
  if (!values['no-install']) execFileSync('pnpm', ['install', '--offline', '--no-frozen-lockfile'], { cwd: ROOT, stdio: 'inherit' });
  console.log(`
Next:
  pnpm --filter @uc/${name} test          its tests
  pnpm --filter @uc/${name} dev           standalone on http://localhost:${port}/${name}/hello (API from UC_API_TARGET, default http://localhost:8080)
  pnpm build && pnpm start                the console lists it under its own menu for the super administrator
Its pages, title and icon live in apps/${name}/package.json ("ucRemote"); add a page there and in src/routes.tsx.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
