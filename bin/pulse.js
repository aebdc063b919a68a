#!/usr/bin/env node
// Entry point: enable V8's compile cache where the runtime has it (Node 22.1+), then hand over to
// the bundled program. Only this file touches the process's exit status.
import module from 'node:module';

module.enableCompileCache?.();

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // Scripts probe installations with --version: answer without loading the program.
  const { readFileSync } = await import('node:fs');
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else {
  const { main } = await import('../dist/main.js');
  process.exitCode = await main(argv);
}
