/** The words left once the window, names and themes are read: searched for, stemmed, ranked. */
import type { Text } from './text.js';
import { isPlainWord } from './words.js';

export function readTerms(text: Text): string[] {
  const terms = new Set<string>();
  const words = text.original.toLowerCase().split(/[^\p{L}\p{M}\p{N}_#'-]+/u);
  for (const word of [...words, ...text.leftover.map((word) => word.toLowerCase())]) {
    const cleaned = word
      .replace(/^[#'-]+|['-]+$/g, '')
      .replace(/'s$/, '')
      .replace(/'$/, '');
    if (cleaned.length < 2 || isPlainWord(cleaned) || /^\d{1,2}$/.test(cleaned)) continue;
    terms.add(cleaned);
  }
  return [...terms];
}
