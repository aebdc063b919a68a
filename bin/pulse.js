#!/usr/bin/env node
// Entry point: enable V8's compile cache where the runtime has it (Node 22.1+), then hand over to
// the bundled program. Only this file calls process.exit.
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('../dist/main.js');
process.exitCode = await main(process.argv.slice(2));
