/** The 21 moods of the interface, in the document's order, with the emoji shown next to each. */
export const MOODS = {
  calm: '😌',
  happy: '😊',
  excited: '🤩',
  celebratory: '🥳',
  joyful: '😂',
  confident: '😎',
  focused: '🧐',
  goofy: '🤪',
  nerdy: '🤓',
  thoughtful: '🤔',
  meh: '😐',
  confused: '😕',
  flustered: '😳',
  surprised: '😮',
  tired: '😴',
  disappointed: '😞',
  worried: '😟',
  annoyed: '😒',
  stressed: '😫',
  angry: '😠',
  sick: '🤒',
} as const;

export type Mood = keyof typeof MOODS;
export const MOOD_NAMES = Object.keys(MOODS) as Mood[];

export function isMood(value: string): value is Mood {
  return Object.hasOwn(MOODS, value);
}
