// Bundles src/cli/main.ts into dist/ with code splitting, so each command loads only its own chunk.
// Native addons stay external: they are loaded from node_modules at run time.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });

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
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  define: { __PULSE_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
});
