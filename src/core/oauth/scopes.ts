/** OAuth scope strings: `read`, `write`, or both (`read write`, which is write); none asked is read. */
import { isScope, type Scope } from '../tokens.js';

/** The scope a request's `scope` names, or undefined when it names something else. */
export function parseScope(text: string | undefined): Scope | undefined {
  if (text === undefined) return 'read';
  const words = text.split(' ');
  if (words.length === 0 || !words.every(isScope)) return undefined;
  return words.includes('write') ? 'write' : 'read';
}
