// Writes docs/reference/openapi/*.json: the OpenAPI documents pulse serve publishes, made from the
// endpoint tables (src/core/endpoints/documents.ts). Run after changing a table: `npm run openapi`
// (test/server/openapi.test.ts fails while a copy differs from its table).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const scratch = mkdtempSync(join(tmpdir(), 'pulse-openapi-'));
try {
  const bundle = join(scratch, 'documents.mjs');
  await build({
    entryPoints: ['src/core/endpoints/documents.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'warning',
  });
  const { DOCUMENTS } = await import(pathToFileURL(bundle).href);
  const folder = join('docs', 'reference', 'openapi');
  mkdirSync(folder, { recursive: true });
  const files = [];
  for (const document of DOCUMENTS) {
    const file = join(folder, document.file);
    writeFileSync(file, `${JSON.stringify(await document.make(), null, 2)}\n`);
    files.push(file);
    console.log(`wrote ${file} (served at ${document.path})`);
  }
  // In the repository's JSON style, so that `npm run lint` passes (the test compares the parsed JSON).
  execFileSync(join('node_modules', '.bin', 'biome'), ['format', '--write', ...files], { stdio: 'ignore' });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
