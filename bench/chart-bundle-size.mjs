// Prints what each chart library candidate costs the dashboard pages: a tiny entry per candidate
// (chart-candidates/<name>.jsx: a line, a stacked column and a donut with tooltips, as the analysis
// page draws them) built by rspack in production mode, raw and gzip bytes side by side. React is
// external: the console already loads it as a shared singleton, so only the library's own cost counts.
//
//   pnpm --filter @uc/bench chart-bundle-size
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';

const here = path.dirname(fileURLToPath(import.meta.url));
const CANDIDATES = [
  { name: 'baseline', note: 'no chart: the entry and the rspack runtime' },
  { name: 'echarts', note: 'echarts/core + line, bar, pie, grid, tooltip, legend, canvas renderer' },
  { name: 'echarts-svg', note: 'the same with the SVG renderer' },
  { name: 'chartjs', note: 'chart.js with only the controllers, elements, scales and plugins used' },
  { name: 'recharts', note: 'recharts (React components, SVG)' },
  { name: 'ant-design-plots', note: '@ant-design/plots (AntV G2 5)' },
  { name: 'uplot', note: 'uPlot: line and bars only (no pie, no tooltip): not a complete candidate' },
];
const only = process.argv.slice(2);

/** @param {string} name @param {string} out */
function build(name, out) {
  /** @type {import('@rspack/core').Configuration} */
  const config = {
    mode: 'production',
    context: here,
    entry: { [name]: `./chart-candidates/${name}.jsx` },
    output: { path: out, filename: '[name].js', chunkFilename: '[name].[contenthash:8].js', clean: true },
    externals: { react: 'React', 'react-dom': 'ReactDOM', 'react-dom/client': 'ReactDOMClient', 'react/jsx-runtime': 'ReactJsxRuntime' },
    devtool: false,
    module: {
      rules: [
        {
          test: /\.jsx?$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'ecmascript', jsx: true }, transform: { react: { runtime: 'automatic' } } },
            // The console's browsers (packages/addon-kit/src/preset.mjs scriptRule).
            env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
          },
          type: 'javascript/auto',
        },
      ],
    },
    performance: false,
    stats: 'errors-warnings',
  };
  return new Promise((resolve, reject) => {
    rspack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(undefined);
    });
  });
}

const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-chart-size-'));
/** @type {{ name: string, note: string, raw: number, gzip: number }[]} */
const rows = [];
try {
  for (const c of CANDIDATES.filter((c) => only.length === 0 || only.includes(c.name) || c.name === 'baseline')) {
    const out = path.join(root, c.name);
    const started = performance.now();
    await build(c.name, out);
    const files = fs.readdirSync(out).filter((f) => f.endsWith('.js'));
    const bytes = files.map((f) => fs.readFileSync(path.join(out, f)));
    const raw = bytes.reduce((s, b) => s + b.length, 0);
    const gzip = bytes.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
    rows.push({ ...c, raw, gzip });
    console.error(`built ${c.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}

const base = rows.find((r) => r.name === 'baseline');
const version = (/** @type {string} */ pkg) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(here, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return '';
  }
};
const PACKAGES = {
  echarts: 'echarts',
  'echarts-svg': 'echarts',
  chartjs: 'chart.js',
  recharts: 'recharts',
  'ant-design-plots': '@ant-design/plots',
  uplot: 'uplot',
};
console.log('\nline + stacked column + donut with tooltips, rspack production, React external; gzip level 9');
console.log(`${'candidate'.padEnd(26)}${'raw'.padStart(12)}${'gzip'.padStart(12)}${'gzip - baseline'.padStart(18)}  what`);
for (const r of [...rows].sort((a, b) => a.gzip - b.gzip)) {
  const pkg = PACKAGES[/** @type {keyof typeof PACKAGES} */ (r.name)];
  const label = pkg ? `${r.name} ${version(pkg)}` : r.name;
  const extra = base && r !== base ? kb(r.gzip - base.gzip) : '';
  console.log(`${label.padEnd(26)}${kb(r.raw).padStart(12)}${kb(r.gzip).padStart(12)}${extra.padStart(18)}  ${r.note}`);
}
