/**
 * A word's stem, so that "ship" finds a line about "shipped" or "shipping". A minimal stand-in: the
 * question reader's helper provides the real one (the store's own index stems with Porter on SQLite and
 * the English snowball stemmer on PostgreSQL; this one only chooses which line of a text to quote).
 */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  for (const ending of ['ing', 'ed', 'es', 's', 'ers', 'er']) {
    if (lower.endsWith(ending) && lower.length - ending.length >= 3) return lower.slice(0, -ending.length);
  }
  return lower;
}
