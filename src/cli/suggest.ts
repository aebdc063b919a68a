/**
 * Words typed that name nothing: the nearest of the known ones, as git and gh suggest them
 * (`pulse checkin lst` => "Did you mean list?").
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** The candidates nearest to `word` (case-insensitively), at most two edits away and not mostly different. */
export function nearest(word: string, candidates: readonly string[]): string[] {
  const typed = word.toLowerCase();
  let best = 3;
  let found: string[] = [];
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate.toLowerCase());
    const similar = (Math.max(typed.length, candidate.length) - distance) / Math.max(typed.length, 1) > 0.4;
    if (!similar || distance > best) continue;
    if (distance < best) found = [];
    best = distance;
    found.push(candidate);
  }
  return found;
}

/** " Did you mean list?" (or "list or lint?"), or nothing when no candidate is near. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const found = nearest(word, candidates);
  if (found.length === 0) return '';
  const named = found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} or ${found.at(-1)}`;
  return ` Did you mean ${named}?`;
}
