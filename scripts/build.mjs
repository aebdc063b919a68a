// Bundles src/cli/main.ts into dist/ with code splitting, so each command loads only its own chunk.
// Native addons stay external: they are loaded from node_modules at run time.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });

/**
 * commander requires node:child_process when it loads, for executable subcommands pulse never has; that
 * built-in pulls in node:net and more, a few milliseconds of every command's start-up. Give commander a
 * stand-in that requires it on first use instead.
 */
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('/node_modules/commander/')
        ? { path: 'child_process', namespace: 'lazy-builtin' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

/**
 * better-sqlite3 is CommonJS: imported from an ES module, Node first scans its source for the names it
 * exports (cjs-module-lexer, a few milliseconds). Requiring it, as it is written to be loaded, skips that.
 */
const requireBetterSqlite3 = {
  name: 'require-better-sqlite3',
  setup(build) {
    build.onResolve({ filter: /^better-sqlite3$/ }, (args) =>
      args.namespace === 'required' ? undefined : { path: 'better-sqlite3', namespace: 'required' },
    );
    build.onLoad({ filter: /.*/, namespace: 'required' }, () => ({
      contents: "export default require('better-sqlite3');",
      loader: 'js',
    }));
  },
};

/**
 * chalk detects the terminal's colours when it loads, loading node:tty (and with it node:net) to do it;
 * pulse never uses that: Output makes its Chalk with the level it decided (NO_COLOR, --no-color, a TTY).
 */
// CommonJS dependencies call require() for Node built-ins; give the ESM bundle a real require.
const BANNER =
  "import { createRequire as __pulseCreateRequire } from 'node:module'; const require = __pulseCreateRequire(import.meta.url);";

const noColorDetectionForChalk = {
  name: 'no-color-detection-for-chalk',
  setup(build) {
    build.onResolve({ filter: /^#supports-color$/ }, (args) =>
      args.importer.includes('/node_modules/chalk/')
        ? { path: 'supports-color', namespace: 'chalk-levels' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'chalk-levels' }, () => ({
      contents: 'export default { stdout: false, stderr: false };',
      loader: 'js',
    }));
  },
};

const result = await build({
  // bench-api: what the in-process benchmarks (bench/) load; it shares the program's chunks.
  entryPoints: { main: 'src/cli/main.ts', 'bench-api': 'src/bench-api.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Smaller code parses faster, and parsing is most of a command's start-up.
  minify: true,
  // Native addons load from node_modules at run time.
  external: ['better-sqlite3', 'node-pty', '@napi-rs/keyring'],
  banner: { js: BANNER },
  plugins: [lazyChildProcessForCommander, requireBetterSqlite3, noColorDetectionForChalk],
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  define: { __PULSE_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  metafile: true,
});

// The banner's require costs each file that loads it a createRequire; most files never call require.
// Blank it (keeping the line, so the source maps still match) where nothing else names require.
for (const file of Object.keys(result.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  const text = readFileSync(file, 'utf8');
  if (!text.startsWith(BANNER)) continue;
  if (!/\brequire\b/.test(text.slice(BANNER.length))) writeFileSync(file, text.slice(BANNER.length));
}
