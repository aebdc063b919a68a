/**
 * #tags in check-in answers: a hash at the start of a word followed by a letter, then letters, digits,
 * underscores or hyphens. "#1234" (an issue number), "C#" and Markdown headings ("# Title") are not tags.
 * Tags are compared and kept lower-case, without the hash.
 */
const TAG = /(?<![\p{L}\p{N}_&#/])#(\p{L}[\p{L}\p{N}_-]*)/gu;

export function extractTags(...texts: (string | null | undefined)[]): string[] {
  const tags = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(TAG)) {
      const tag = (match[1] as string).replace(/-+$/, '').toLowerCase();
      if (tag.length > 0 && tag.length <= 64) tags.add(tag);
    }
  }
  return [...tags].sort();
}

/** A tag as given by a person or a URL: "#Release", "release" -> "release"; undefined if not a tag. */
export function normaliseTag(text: string): string | undefined {
  const tags = extractTags(`#${text.trim().replace(/^#/, '')}`);
  return tags.length === 1 && `#${tags[0]}` === `#${text.trim().replace(/^#/, '').toLowerCase()}`
    ? tags[0]
    : undefined;
}
