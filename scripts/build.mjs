// Bundles src/cli/main.ts into dist/ with code splitting, so each command loads only its own chunk.
// Native addons stay external: they are loaded from node_modules at run time.
import { readFileSync, rmSync } from 'node:fs';
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

await build({
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
  // CommonJS dependencies call require() for Node built-ins; give the ESM bundle a real require.
  banner: {
    js: "import { createRequire as __pulseCreateRequire } from 'node:module'; const require = __pulseCreateRequire(import.meta.url);",
  },
  plugins: [lazyChildProcessForCommander, requireBetterSqlite3],
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  define: { __PULSE_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
});
