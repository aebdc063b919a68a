/**
 * The layers of src/ (docs/architecture.md): cli -> core <- store | remote | server. Reads every module's
 * imports, static and dynamic (`from '...'`, `import '...'`, `import('...')`, type imports included) and
 * fails on an import across a boundary: the core importing anything above it, a store, the remote client
 * or the server importing the CLI, or the CLI reaching a store or the server outside its composition root.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

/**
 * The CLI modules that may import a store or the server, each for its reason: where a command composes
 * what it runs. Every other CLI module reaches them through Backends (src/cli/backends.ts).
 */
const CLI_COMPOSITION: Record<string, string> = {
  'cli/backends.ts': "the CLI's composition root: checks a store's health, opens the instance",
  'cli/local-instance.ts': 'opens the local repository and makes the instance over it (one chunk for both)',
  'cli/commands/serve/serve.ts': "`pulse serve`'s start-up: the server over the instance",
  'cli/commands/api/transport.ts': "`pulse api` on a local store: `pulse serve`'s app, in this process",
  'cli/commands/admin/migrate.ts': 'copies one store into another (store/copy-store.ts), opening both',
  'cli/commands/backup/backup.ts': 'copies a SQLite store file (store/backup.ts), opening it itself',
  'cli/commands/admin/repair-text.ts':
    'mends a SQLite store file in place (store/bad-text.ts), opening it itself',
  'cli/json-fields.ts':
    "the --json fields of migrate's and repair-text's results, checked against their types (TableResult, BadTextCell)",
};

/** Store modules any CLI module may import: they import nothing and say what a store's location names. */
const CLI_MAY_READ: Record<string, string> = {
  'store/database-url.ts': 'whether a location is PostgreSQL, and the address without its password',
};

/** What each layer must not import (the layers are src/'s folders). */
const FORBIDDEN: Record<string, readonly string[]> = {
  core: ['cli', 'store', 'remote', 'server', 'providers'],
  store: ['cli'],
  remote: ['cli'],
  server: ['cli'],
  cli: ['store', 'server'],
};

const IMPORT =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** The relative specifiers a module's source imports, as written. */
function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
    .filter((specifier) => specifier.startsWith('.'));
}

/**
 * Every import of `modules` (paths relative to src/, with their sources) that crosses a boundary, the
 * CLI's `composition` modules excepted.
 */
function violations(modules: Record<string, string>, composition: object = CLI_COMPOSITION): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(modules)) {
    const layer = file.split('/')[0] ?? '';
    const forbidden = FORBIDDEN[layer] ?? [];
    for (const specifier of importsOf(source)) {
      const target = normalize(join(dirname(file), specifier)).replace(/\.js$/, '.ts');
      const targetLayer = target.split('/')[0] ?? '';
      if (!forbidden.includes(targetLayer)) continue;
      if (layer === 'cli' && (file in composition || target in CLI_MAY_READ)) continue;
      found.push(`${file} imports ${target}`);
    }
  }
  return found;
}

function sourcesOf(root: string): Record<string, string> {
  const modules: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    modules[relative(root, path)] = readFileSync(path, 'utf8');
  }
  return modules;
}

describe('the import graph of src/', () => {
  const modules = sourcesOf(SRC);

  it('keeps the layers: cli -> core <- store | remote | server, the CLI composing in named places only', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    expect(violations(modules)).toEqual([]);
  });

  it('names only composition modules that exist and still import a store or the server', () => {
    for (const file of Object.keys(CLI_COMPOSITION)) {
      const source = modules[file];
      expect(source, file).toBeDefined();
      expect(violations({ [file]: source ?? '' }, {}), file).not.toEqual([]);
    }
    for (const file of Object.keys(CLI_MAY_READ)) expect(modules[file], file).toBeDefined();
  });

  it('fails on planted violations, static, dynamic and type-only', () => {
    const planted = {
      'core/goals.ts': "import { openRepository } from '../store/open-repository.js';",
      'core/asks.ts': "const { chat } = await import(\n  '../providers/chat-completions.js'\n);",
      'server/app.ts': "import type { Settings } from '../cli/settings.js';",
      'store/open.ts': "export { run } from '../cli/main.js';",
      'cli/commands/digest/digest.ts': "const { buildServer } = await import('../../../server/app.js');",
      'cli/commands/goal/goal.ts': "import '../../../store/open.js';",
      // Allowed: the composition root, a location's helpers, the core, the remote client.
      'cli/backends.ts': "import { openRepository } from '../store/open-repository.js';",
      'cli/commands/admin/admin.ts': "import { withoutPassword } from '../../../store/database-url.js';",
      'cli/output.ts': "import type { Goal } from '../core/types.js';",
      'remote/remote-service.ts': "import type { Service } from '../core/service.js';",
    };
    expect(violations(planted)).toEqual([
      'core/goals.ts imports store/open-repository.ts',
      'core/asks.ts imports providers/chat-completions.ts',
      'server/app.ts imports cli/settings.ts',
      'store/open.ts imports cli/main.ts',
      'cli/commands/digest/digest.ts imports server/app.ts',
      'cli/commands/goal/goal.ts imports store/open.ts',
    ]);
  });
});

describe('the command adapter', () => {
  it('stays an adapter: program.ts knows commander, the commands live in their definitions', () => {
    // The redesign's bound (docs/decisions.md, "Interfaces and commands as data"): flags, examples and
    // handlers belong in src/cli/commands/, so the adapter does not grow with the commands.
    const lines = readFileSync(join(SRC, 'cli/program.ts'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(250);
  });
});
