// Bundles src/cli/main.ts into dist/ with code splitting, so each command loads only its own chunk.
// Native addons stay external: they are loaded from node_modules at run time. Every step below that is
// not plain bundling is there for start-up time, measured with bench/startup.mjs (docs/performance.md).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });

// CommonJS dependencies call require() for Node built-ins; give the ESM bundle a real require.
const BANNER =
  "import { createRequire as __pulseCreateRequire } from 'node:module'; const require = __pulseCreateRequire(import.meta.url);";

/**
 * The runtime nearly every command loads: the CLI's errors, settings, services, output and credentials,
 * and the core's small modules. esbuild gives a module shared by several entry points (every command and
 * `import()` target is one) a chunk per distinct set of entries reaching it, so this runtime came in ~30
 * files of a few hundred bytes, and each file costs a command ~0.3 ms to resolve, read and link.
 * Importing the whole prelude from every `import()` target gives all of it the same set: one chunk for
 * what the program (main.js) and the command definitions need (PROGRAM_PRELUDE: the CLI's errors, help
 * texts and flags), one for the rest. The definitions (what commands/registry.ts loads, the one named on
 * the line) import only the program's part, so `pulse goal --help` loads no runtime. Little more is
 * loaded than a command needs: every command loads most of it anyway, and a module joins only when the
 * file it saves some command costs more than its bytes cost all the others. Each part must stay closed (import nothing outside itself
 * but packages and Node's modules), so that importing it never reaches back into a command or, for the
 * program's part, into the rest: checked below.
 */
const PROGRAM_PRELUDE = [
  // What the program (main.js) imports besides commander.
  'src/cli/errors.ts',
  'src/cli/control-characters.ts',
  'src/cli/exit-codes.ts',
  'src/cli/help-text.ts',
  'src/core/errors.ts',
  'src/cli/json-view.ts',
  'src/cli/commands/global-flags.ts',
  'src/cli/program-errors.ts',
  'src/cli/suggest.ts',
  'src/cli/version.ts',
  'src/cli/wrap-help.ts',
  // Reads `-` flags from stdin before any command runs.
  'src/cli/input.ts',
  // What the command definitions share.
  'src/cli/commands/define.ts',
  'src/cli/commands/shared-flags.ts',
  // Flags that a noun's definitions and its handlers share (else a chunk of a few hundred bytes each).
  'src/cli/commands/team/flags.ts',
  'src/cli/commands/admin/flags.ts',
  'src/cli/json-fields.ts',
  'src/core/moods.ts',
  'src/core/status/types.ts',
].map((file) => resolve(file));

const PRELUDE = [
  ...PROGRAM_PRELUDE,
  // What every command's context (command-context.ts, itself an import target) loads.
  'src/cli/output.ts',
  'src/cli/style.ts',
  'src/cli/relative-time.ts',
  'src/cli/pager.ts',
  'src/cli/backends.ts',
  'src/cli/deployment.ts',
  'src/cli/settings.ts',
  'src/cli/config-store.ts',
  'src/cli/credentials.ts',
  'src/cli/ask-provider.ts',
  'src/cli/paths.ts',
  'src/cli/drafts.ts',
  'src/cli/dates.ts',
  // The date expressions every date flag reads, with the reader of windows they share with `ask`.
  'src/core/date-expressions.ts',
  'src/core/answers/reading/window.ts',
  'src/core/answers/reading/text.ts',
  // What the list commands share.
  'src/cli/paging.ts',
  'src/cli/spinner.ts',
  'src/cli/heap.ts',
  'src/cli/resolve.ts',
  // The core's small modules that commands and the store share.
  'src/core/ids.ts',
  'src/core/short-ids.ts',
  'src/core/time.ts',
  'src/core/weekdays.ts',
  'src/core/check-in-rules.ts',
  'src/core/goal-rules.ts',
  'src/core/date-ranges.ts',
  'src/core/text.ts',
  'src/core/person-names.ts',
  'src/core/page-size.ts',
  'src/core/paging.ts',
  'src/core/query-params.ts',
  'src/core/serialize.ts',
  'src/core/auth.ts',
  'src/core/tokens.ts',
  'src/core/v1/tags.ts',
  'src/core/v1/names.ts',
  'src/core/status/rules.ts',
  'src/core/loaded-on-first-call.ts',
  'src/core/visibility.ts',
  'src/core/check-in-query.ts',
  'src/core/goal-query.ts',
  // The endpoint tables' machinery, which the remote clients, the server and the core's status page share.
  'src/core/endpoints/define.ts',
  'src/core/endpoints/links.ts',
  'src/core/endpoints/wrapped.ts',
  // What each endpoint answers, which the remote caller checks every answer against.
  'src/core/endpoints/resources.ts',
  // The remote clients' caller, and the status page's table and its serializer (a remote status check
  // loaded them as three files of 1-2 KB: ~1.5 ms, where their 5 KB cost the rest ~0.3 ms).
  'src/remote/endpoint-caller.ts',
  'src/remote/request-line.ts',
  'src/core/endpoints/status.ts',
  'src/core/status/serialize.ts',
  'src/core/status/notice-params.ts',
  // The status commands' flag parsing, which `pulse status` and `pulse admin status` share.
  'src/cli/commands/status/flags.ts',
  // Small modules every local command's store or core loads (each a file of under 1 KB otherwise).
  'src/core/validation.ts',
  'src/core/check-in-due.ts',
  'src/store/storage-errors.ts',
  'src/store/database-url.ts',
  'src/store/sql/sql.ts',
  'src/store/search/text-match.ts',
].map((file) => resolve(file));

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every module of src that some module loads with import('./...'), and bench-api; and which of them are
 * command definitions (loaded by commands/registry.ts). */
function importTargets() {
  const targets = new Set([resolve('src/bench-api.ts')]);
  const definitions = new Set();
  for (const file of sourceFiles('src')) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) {
      const target = resolve(dirname(file), match[1]).replace(/\.js$/, '.ts');
      targets.add(target);
      if (resolve(file) === resolve('src/cli/commands/registry.ts')) definitions.add(target);
    }
  }
  return { targets, definitions };
}

const importsOf = (files) => files.map((file) => `import ${JSON.stringify(file)};`).join(' ');

const preludeForImportTargets = {
  name: 'prelude-for-import-targets',
  setup(build) {
    const { targets, definitions } = importTargets();
    const program = resolve('src/cli/main.ts');
    build.onLoad({ filter: /\/src\/.*\.ts$/ }, (args) => {
      const isProgram = args.path === program || definitions.has(args.path);
      if (!(isProgram || targets.has(args.path)) || PRELUDE.includes(args.path)) return undefined;
      const imports = importsOf(isProgram ? PROGRAM_PRELUDE : PRELUDE);
      // At the end, so the source maps' lines stay those of the file.
      return { contents: `${readFileSync(args.path, 'utf8')}\n${imports}\n`, loader: 'ts' };
    });
  },
};

/**
 * Each part of the prelude imports nothing of src outside itself (else a command could load before its
 * importer, or `pulse goal --help` load the runtime), and no module of it is loaded with import(): such a
 * module is an entry point of its own, so what it imports is cut out of the prelude into chunks of its own
 * (a file each for every command: text.ts, input.ts and database-url.ts once cost six files).
 */
function checkPreludeClosed(metafile) {
  const { targets } = importTargets();
  for (const [name, part] of [
    ['prelude', PRELUDE],
    ["the program's prelude", PROGRAM_PRELUDE],
  ]) {
    for (const file of part) {
      const input = metafile.inputs[relative(process.cwd(), file)];
      if (!input) throw new Error(`${name}: ${file} is not part of the build`);
      if (targets.has(file))
        throw new Error(`${name}: ${file} is loaded with import(); import it statically`);
      for (const { path, kind } of input.imports) {
        if (kind === 'import-statement' && path.startsWith('src/') && !part.includes(resolve(path)))
          throw new Error(`${name}: ${file} imports ${path}, which is not in it`);
      }
    }
  }
}

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
  // Native addons, and jq-web (it reads jq.wasm from beside itself), load from node_modules at run time.
  external: ['better-sqlite3', 'node-pty', '@napi-rs/keyring', 'jq-web'],
  banner: { js: BANNER },
  plugins: [
    preludeForImportTargets,
    lazyChildProcessForCommander,
    requireBetterSqlite3,
    noColorDetectionForChalk,
  ],
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  define: { __PULSE_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  metafile: true,
});

checkPreludeClosed(result.metafile);
// PULSE_METAFILE=FILE: esbuild's account of the build (which modules each file of dist/ holds, and what it
// imports), for seeing which files a command loads (docs/performance.md).
if (process.env.PULSE_METAFILE) writeFileSync(process.env.PULSE_METAFILE, JSON.stringify(result.metafile));

// The banner's require costs each file that loads it a createRequire; most files never call require.
// Blank it (keeping the line, so the source maps still match) where nothing else names require.
for (const file of Object.keys(result.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  const text = readFileSync(file, 'utf8');
  if (!text.startsWith(BANNER)) continue;
  if (!/\brequire\b/.test(text.slice(BANNER.length))) writeFileSync(file, text.slice(BANNER.length));
}

// What bin/pulse.js (CommonJS, so a lone --version or --help never starts the ES module loader) answers a
// lone --help with: the layout, required, and the root's help as data, from the command tree just built,
// checked to give commander's text at every width.
await build({
  entryPoints: ['src/cli/root-help.ts'],
  outfile: 'dist/root-help.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  minify: true,
  logLevel: 'warning',
});
const { buildProgram } = await import('../dist/main.js');
const { formatRootHelp, rootHelpModel } = createRequire(import.meta.url)('../dist/root-help.cjs');
const out = { write: () => true, isTTY: false };
const treeOnly = { streams: { stdin: out, stdout: out, stderr: out }, env: {} };
const rootHelp = rootHelpModel(await buildProgram(treeOnly));
for (const width of [undefined, 0, 30, 50, 72, 80, 100, 132, 200]) {
  let expected = '';
  const program = (await buildProgram(treeOnly)).configureOutput({
    writeOut: (text) => {
      expected += text;
    },
    getOutHelpWidth: () => width,
    getOutHasColors: () => false,
  });
  program.outputHelp();
  if (formatRootHelp(rootHelp, width) !== expected)
    throw new Error(`root help: differs from commander's at width ${width}`);
}
writeFileSync('dist/root-help.json', `${JSON.stringify(rootHelp)}\n`);
