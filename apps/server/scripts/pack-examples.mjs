#!/usr/bin/env node
// Part of the server's build: packs the example addon (examples/hello-addon) as its author would
// (scripts/build-example-addon.mjs) into dist/market, the catalogue the server ships, so a new console's
// application market offers something to install (MARKET_EXAMPLES, README "Application market").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildExampleAddon } from '../../../scripts/build-example-addon.mjs';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'market');
// Built elsewhere first and moved in whole: a server reading the folder meanwhile never sees half a
// package, and two builds at once (two terminals) do not write into one folder.
const staging = `${out}.partial-${process.pid}`;
try {
  const { tarball, manifest, seconds } = buildExampleAddon({ outDir: staging });
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(staging, out);
  console.log(
    `packed the example addon ${manifest.name} ${manifest.version} into ${path.relative(process.cwd(), path.join(out, path.basename(tarball)))} in ${seconds} s`,
  );
} catch (error) {
  fs.rmSync(staging, { recursive: true, force: true });
  console.error(
    `The example addon the market offers could not be packed: ${error instanceof Error ? error.message : String(error)}\n` +
      'Run `pnpm install` at the repository root first (the example is installed from the packages it fetched), then build again.',
  );
  process.exit(1);
}
