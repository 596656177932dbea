#!/usr/bin/env node
// Builds examples/hello-addon the way its author would, outside this monorepo: the console's packages
// it needs (@uc/contracts, @uc/client, @uc/ui, @uc/testing) and @uc/addon-kit packed (`pnpm pack`, as
// they would come from a registry), the example copied to a
// temporary folder, installed from those tarballs (other packages from pnpm's store, the npm registry
// only for what the store lacks), then `pnpm pack`ed, which builds it (prepack): the result is the
// installable addon. Tests use it to put the example into a market catalogue.
//
//   node scripts/build-example-addon.mjs [--out DIR] [--version 0.2.0] [--changelog "..."] [--page-title "..."] [--keep]
//
// prints the .tgz's path. --version and --changelog make another release of the same addon (an update);
// --page-title changes what its page says as its title in Chinese (tests tell releases apart by it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = path.join(ROOT, 'examples', 'hello-addon');

/** The file `pnpm pack` writes for a package: @uc/client 0.1.0 -> uc-client-0.1.0.tgz. */
const tarballName = (name, version) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/**
 * The environment of an author's shell: without the settings a parent pnpm run (`pnpm test`) passes
 * down as npm_config_* variables, which belong to this workspace, not to the example (where to reach
 * the registry and the store stay).
 */
const OUTSIDE_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(npm|pnpm)_config_/i.test(key) || /registry|proxy|cafile|strict_ssl|store_dir/i.test(key)),
);

/** @param {string} cmd @param {string[]} args @param {string} cwd */
function run(cmd, args, cwd) {
  try {
    return execFileSync(cmd, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: OUTSIDE_ENV,
    });
  } catch (error) {
    const e = /** @type {{ stdout?: string, stderr?: string }} */ (error);
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: error });
  }
}

/** Packs the workspace package in `dir` into `into`; returns the tarball's path. */
function pack(dir, into) {
  const { name, version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  run('pnpm', ['pack', '--pack-destination', into], dir);
  const file = path.join(into, tarballName(name, version));
  if (!fs.existsSync(file)) throw new Error(`pnpm pack of ${name} made no ${file}`);
  return file;
}

/**
 * @param {{ outDir?: string, version?: string, changelog?: string, pageTitle?: string, keep?: boolean }} [options]
 *   outDir: where the .tgz goes (default: a new temporary folder); version, changelog: another release;
 *   pageTitle: the title its hello page shows in Chinese (a change a user sees, as a release makes);
 *   keep: leave the build folder for a look (its path is printed).
 * @returns {{ tarball: string, manifest: Record<string, unknown>, seconds: number }}
 */
export function buildExampleAddon({ outDir, version, changelog, pageTitle, keep = false } = {}) {
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-example-addon-'));
  const out = outDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'uc-example-addon-out-'));
  fs.mkdirSync(out, { recursive: true });
  try {
    const packages = path.join(work, 'packages');
    fs.mkdirSync(packages);
    /** Each package the example asks for, by name -> its tarball. */
    const tarballs = Object.fromEntries(
      ['contracts', 'client', 'ui', 'testing', 'addon-kit'].map((dir) => [`@uc/${dir}`, pack(path.join(ROOT, 'packages', dir), packages)]),
    );

    const app = path.join(work, 'hello-addon');
    fs.cpSync(EXAMPLE, app, { recursive: true, filter: (from) => !/^(node_modules|dist)(\/|$)|\.tgz$|^uc-addon\.json$/.test(path.relative(EXAMPLE, from)) });
    const pkgFile = path.join(app, 'package.json');
    const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
    for (const deps of [pkg.dependencies, pkg.devDependencies]) {
      for (const name of Object.keys(deps)) if (tarballs[name]) deps[name] = `file:${tarballs[name]}`;
    }
    const missing = Object.keys(tarballs).filter((name) => !pkg.dependencies[name] && !pkg.devDependencies[name]);
    if (missing.length > 0) throw new Error(`examples/hello-addon/package.json does not ask for ${missing.join(', ')}: scaffold it again`);
    if (version) pkg.version = version;
    if (changelog) pkg.ucAddon.changelog = changelog;
    fs.writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
    if (pageTitle) {
      const zh = path.join(app, 'src', 'locales', 'zh-CN.ts');
      const text = fs.readFileSync(zh, 'utf8');
      const patched = text.replace(/('hello-addon\.hello\.title': )'[^']*'/, (_, key) => `${key}${JSON.stringify(pageTitle).replace(/^"|"$/g, "'")}`);
      if (patched === text) throw new Error(`${zh} has no 'hello-addon.hello.title' to give the title ${pageTitle}`);
      fs.writeFileSync(zh, patched);
    }

    // No lockfile to keep to (CI=true would make pnpm insist on one).
    run('pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile'], app);
    run('pnpm', ['pack', '--pack-destination', out], app);
    const tarball = path.join(out, tarballName(pkg.name, pkg.version));
    const listed = run('tar', ['-tzf', tarball], out).split('\n');
    for (const needed of ['package/uc-addon.json', 'package/dist/mf-manifest.json', 'package/dist/remoteEntry.js']) {
      if (!listed.includes(needed)) throw new Error(`${tarball} lacks ${needed}: the addon would not install (it holds ${listed.join(', ')})`);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(app, 'uc-addon.json'), 'utf8'));
    return { tarball, manifest, seconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    if (keep) console.error(`build folder kept: ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      version: { type: 'string' },
      changelog: { type: 'string' },
      'page-title': { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  try {
    const { tarball, manifest, seconds } = buildExampleAddon({
      outDir: values.out && path.resolve(values.out),
      version: values.version,
      changelog: values.changelog,
      pageTitle: values['page-title'],
      keep: values.keep,
    });
    console.error(`built ${manifest.name} ${manifest.version} in ${seconds} s`);
    console.log(tarball);
  } catch (error) {
    console.error(`build-example-addon: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
