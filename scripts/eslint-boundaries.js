// The architecture's import rules as lint rules (issue 12: boundaries were kept by habit).
// Syntactic: relative specifiers are resolved against the importing file, package specifiers are read
// by name, so no module resolver is needed and the rules run on every file ESLint lints.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = readdirSync(join(ROOT, 'apps')).filter((name) => statSync(join(ROOT, 'apps', name)).isDirectory());
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];

const posix = (path) => path.split(sep).join('/');
/** The repository-relative path of a file ("apps/org/src/features/user/x.tsx"). */
const repoPath = (file) => posix(relative(ROOT, file));

/** The file a relative specifier points at (with TypeScript's extension and index rules), or undefined. */
function resolveRelative(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier.replace(/\.js$/, ''));
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return undefined;
}

/** Where a file sits in the architecture: its app, and its feature (remotes) or layer (server). */
function placeOf(path) {
  const m = /^apps\/([^/]+)\/src\/(.*)$/.exec(path);
  if (!m) return { app: /^apps\/([^/]+)\//.exec(path)?.[1] };
  const [, app, rest] = m;
  const feature = /^features\/([^/]+)\//.exec(rest)?.[1];
  const layer = rest.split('/')[0];
  return { app, feature, layer };
}

/** Why `from` may not import `to` (repository paths), or undefined when it may. */
export function boundaryViolation(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  if (a.app && b.app && a.app !== b.app)
    return `apps/${a.app} must not import from apps/${b.app}: apps deploy on their own; share stateless code through packages/ (contracts, client, ui), or load what the other remote exposes at run time (@uc/client/exposed)`;
  if (!a.app || a.app !== b.app) return undefined;
  if (a.feature && b.feature && a.feature !== b.feature) {
    return `feature '${a.feature}' must not import from feature '${b.feature}': move what both need to src/lib (or to a package, if it is nothing domain-specific)`;
  }
  if (a.feature && b.layer === 'app') return `a feature must not import from src/app (the app wires features, not the reverse): move what it needs to src/lib`;
  if (a.app === 'server' && a.layer === 'lib' && b.layer === 'modules') {
    return 'server src/lib must not import from src/modules (lib is the framework the modules use): move the code to lib, or the caller next to app.ts';
  }
  return undefined;
}

const REACT_OR_ANTD = /^(react|react-dom|react-router-dom|antd|@ant-design\/[^/]+|zustand|ky)(\/|$)/;
const isTest = (path) => /\.test\.[cm]?[jt]sx?$/.test(path);

/**
 * Why the file at `from` (a repository path) may not import the package `spec`, or undefined when it
 * may: the layers of the front-end packages (contracts, then client, then ui; testing for tests) and
 * what the server may take of them.
 */
export function packageImportViolation(from, spec) {
  const target = /^@uc\/([^/]+)/.exec(spec)?.[1];
  const pkg = /^packages\/([^/]+)\//.exec(from)?.[1];
  if (/^apps\/server\//.test(from) && target && target !== 'contracts') {
    return `the server may import only @uc/contracts of the console's packages (not ${spec}): contracts and server messages live there; anything with React, a browser or a session does not belong in the server`;
  }
  if (pkg && target && APPS.includes(target))
    return `packages/${pkg} must not import from an app (${spec}): packages are what apps build on, never the reverse`;
  if (pkg === 'contracts') {
    if (REACT_OR_ANTD.test(spec))
      return `@uc/contracts imports no React, antd or browser state (not ${spec}): the server imports it; UI goes in @uc/ui, state in @uc/client`;
    if (target) return `@uc/contracts is the bottom layer and imports no other package of the console (not ${spec})`;
  }
  if (pkg === 'client' && (target === 'ui' || (target === 'testing' && !isTest(from)))) {
    return `@uc/client must not import ${spec}: the UI kit and the test helpers build on the client, not the reverse`;
  }
  if (pkg === 'client' && /^(antd|@ant-design\/)/.test(spec))
    return `@uc/client stays free of antd (not ${spec}), so the login page can load it: antd-based code goes in @uc/ui`;
  if (pkg === 'ui' && target === 'testing' && !isTest(from)) return `@uc/ui must not import @uc/testing outside its tests`;
  return undefined;
}

const IMPORT_RE = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Runtime imports of a file (type-only ones cannot form a cycle at run time). */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    if (m[1]) continue;
    const spec = m[2] ?? m[3];
    if (!spec?.startsWith('.')) continue;
    const target = resolveRelative(file, spec);
    if (target) out.push(target);
  }
  return out;
}

let cycleMembers;
/** Files that are part of an import cycle, found once per lint run (Tarjan's strongly connected components). */
function filesInCycles() {
  if (cycleMembers) return cycleMembers;
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name)) files.push(path);
    }
  };
  for (const top of ['apps', 'packages']) walk(join(ROOT, top));
  const edges = new Map(files.map((f) => [f, importsOf(f)]));
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  cycleMembers = new Map();
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = component.length === 1 && (edges.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop) for (const f of component) cycleMembers.set(f, component);
    }
  };
  for (const f of files) if (!idx.has(f)) strong(f);
  return cycleMembers;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Imports respect the architecture: apps, features, app wiring, server lib, the packages' layers" },
    schema: [],
  },
  create(context) {
    const from = repoPath(context.filename);
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      let to;
      if (spec.startsWith('.')) {
        const target = resolveRelative(context.filename, spec);
        if (!target) return;
        to = repoPath(target);
      } else {
        const packageWhy = packageImportViolation(from, spec);
        if (packageWhy) return context.report({ node, message: packageWhy });
        const app = /^@uc\/([^/]+)/.exec(spec)?.[1];
        if (!app || !APPS.includes(app)) return;
        to = `apps/${app}/src/index.ts`;
      }
      const why = boundaryViolation(from, to);
      if (why) context.report({ node, message: why });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

const noCycle = {
  meta: { type: 'problem', docs: { description: 'No runtime import cycles between files' }, schema: [] },
  create(context) {
    const component = filesInCycles().get(context.filename);
    if (!component) return {};
    const members = new Set(component);
    const check = (node, kind) => {
      if (!node.source || kind === 'type' || !node.source.value.startsWith('.')) return;
      const target = resolveRelative(context.filename, node.source.value);
      if (!target || !members.has(target)) return;
      const names = component.map(repoPath).sort().join(', ');
      context.report({
        node: node.source,
        message: `Import cycle between ${names}: move what they share into a file both import, or make one import type-only`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.importKind),
      ExportNamedDeclaration: (node) => check(node, node.exportKind),
      ExportAllDeclaration: (node) => check(node, node.exportKind),
    };
  },
};

export default { rules: { boundaries, 'no-cycle': noCycle } };
