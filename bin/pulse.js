#!/usr/bin/env node
// Entry point: enable V8's compile cache where the runtime has it (Node 22.1+), then hand over to the
// bundled program. Only this file touches the process's exit status. It is CommonJS (bin/package.json):
// a lone --version or --help is answered without starting the ES module loader, which the program needs.
'use strict';
require('node:module').enableCompileCache?.();

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V' || argv[0] === '-v')) {
  // Scripts probe installations with --version: answer without loading the program.
  const pkg = JSON.parse(require('node:fs').readFileSync(`${__dirname}/../package.json`, 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else if (argv.length === 0 || (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h'))) {
  // The root's help (also for `pulse` alone), written from the command tree at build time: commander's text without commander.
  const { formatRootHelp } = require('../dist/root-help.cjs');
  const help = JSON.parse(require('node:fs').readFileSync(`${__dirname}/../dist/root-help.json`, 'utf8'));
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
  });
  process.stdout.write(formatRootHelp(help, process.stdout.isTTY ? process.stdout.columns : undefined));
} else {
  import('../dist/main.js').then(async ({ main }) => {
    const code = await main(argv);
    // Stopped by a signal (129, 130, 143): end now, not when a slow reader has taken the output left
    // in the pipe's buffer or a request cut short has finished.
    if (code === 129 || code === 130 || code === 143) process.exit(code);
    process.exitCode = code;
  });
}
