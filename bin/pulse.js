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
} else if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
  // The root's help, written from the command tree at build time: commander's text without commander.
  const [{ readFileSync }, { formatRootHelp }] = await Promise.all([
    import('node:fs'),
    import('../dist/root-help.js'),
  ]);
  const help = JSON.parse(readFileSync(new URL('../dist/root-help.json', import.meta.url), 'utf8'));
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
  });
  process.stdout.write(formatRootHelp(help, process.stdout.isTTY ? process.stdout.columns : undefined));
} else {
  const { main } = await import('../dist/main.js');
  process.exitCode = await main(argv);
}
