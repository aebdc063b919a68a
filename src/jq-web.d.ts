/** jq-web ships no types: its module is a promise of jq compiled to WebAssembly. */
declare module 'jq-web' {
  interface JqWeb {
    /** Runs a filter over JSON text with jq's command-line flags; throws with jq's stderr. */
    raw(input: string, filter: string, flags?: string[]): string;
    json(value: unknown, filter: string): unknown;
  }
  const jq: Promise<JqWeb>;
  export default jq;
}
