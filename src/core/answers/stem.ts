/**
 * A small English suffix stripper in the manner of Porter's first step, so a search word matches its
 * other forms: ship, ships, shipped and shipping all become "ship"; release, released and releasing
 * "releas"; api and apis "api". It only has to map the forms of one word to one stem: the stems are
 * compared with each other, never shown.
 */
const VOWEL = /[aeiouy]/;
const UNDOUBLED = /([^aeioulsz])\1$/;

export function stem(word: string): string {
  let stemmed = word.toLowerCase().replace(/['’]s$/, '');
  if (stemmed.length <= 3 || !/^[\p{L}]+$/u.test(stemmed)) return stemmed;
  if (stemmed.endsWith('sses')) stemmed = stemmed.slice(0, -2);
  else if (stemmed.endsWith('ies')) stemmed = `${stemmed.slice(0, -3)}i`;
  else if (/[^su]s$/.test(stemmed)) stemmed = stemmed.slice(0, -1);

  // "need" and "feed" end in -eed without being past tenses: they keep it.
  if (!stemmed.endsWith('eed')) {
    const base = /^(.+?)(?:ed|ing)$/.exec(stemmed)?.[1];
    if (base && base.length >= 2 && VOWEL.test(base)) {
      stemmed = UNDOUBLED.test(base) ? base.slice(0, -1) : base;
    }
  }
  if (stemmed.length > 3 && /[^aeiou]y$/.test(stemmed)) stemmed = `${stemmed.slice(0, -1)}i`;
  if (stemmed.length > 3 && /[^e]e$/.test(stemmed)) stemmed = stemmed.slice(0, -1);
  return stemmed;
}
