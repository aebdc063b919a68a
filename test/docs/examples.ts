/**
 * The documentation examples harness: every command shown in README.md and docs/guide/*.md runs,
 * page by page, as docs/development.md ("Writing documentation examples") describes.
 *
 * One module per job:
 * - parse.ts: a page's code blocks with their lines, languages and docs-test directives;
 * - script.ts: the one bash script a page runs as;
 * - output-match.ts: comparing a console block's shown output (`...` wildcards) with the real one;
 * - session.ts: the scratch HOME, the fixed clock (libfaketime), the private keychain, ports, processes;
 * - run-page.ts: running a page and reporting what failed, at which page line.
 */
export { type Mismatch, matchOutput, outputLines } from './output-match.js';
export {
  type Block,
  type ConsoleCommand,
  consoleCommands,
  type Directives,
  isRun,
  type Page,
  parsePage,
} from './parse.js';
export { type PageRun, type RunPageOptions, runPage } from './run-page.js';
export { buildScript, type PageScript, substitutePort } from './script.js';
export { faketimeAvailable, keychainUnavailable, PAGE_START, processesOf } from './session.js';
