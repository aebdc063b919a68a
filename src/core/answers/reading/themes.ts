/**
 * What a prompt asks about: blockers, absences, missing check-ins, moods, goals, activities, comments,
 * plans, work done. Each theme's words are taken out of the text so they are not searched for.
 */
import { isMood, MOOD_NAMES, type Mood } from '../../moods.js';
import { THEMES, type Theme } from '../question.js';
import type { Text } from './text.js';

const CHECK_IN = '(?:check(?:ed|ing)?[- ]?ins?|report(?:ed|s)?|submitted|updates?|stand-?ups?)';

const THEME_PATTERNS: Record<Theme, RegExp> = {
  completion:
    /\b(?:did|do|does|done)\b[^.?!]*?\bwhat (?:they|he|she|we|you|i) (?:had )?(?:intended|planned|promised|said)\b|\bfollow(?:ed|ing)?[- ]through\b|\bkept (?:their|his|her|our) (?:intentions|promises|plans)\b/,
  blocked:
    /\b(?:block\w*|unblock\w*|stuck|imped\w*|obstacles?|held up|holding (?:\w+ )?up|wait(?:s|ing|ed)? (?:on|for))\b/,
  // "Out" and "off" are absences only after a form of "be" ("who was out"), never "figure out" or "off track".
  absent:
    /\b(?:absent|absences?|on (?:leave|holiday|holidays|vacation|pto|sick leave|parental leave)|(?:sick|annual|parental|maternity|paternity) leave|out sick|off sick|called in sick|sick days?|days? off|time off|out of (?:the )?office|ooo|pto|vacation|(?:took|take|takes|taking|taken|had|have|has|having) (?:a |the |some )?(?:days? off|time off|leave|vacation|holiday|break))\b|\b(?:is|are|was|were|be|been|being|am|'s|'re)(?: \w+)? (?:out of (?:the )?office|out|off|away)\b(?! track| the track| of )/,
  missing: new RegExp(
    `\\b(?:(?:has|have)n't|(?:has|have) not|didn't|did not|not yet|yet to|still to|forgot to|failed to|never|not)(?: \\w+)? (?:checked|check|filled|submitted|submit|sent|send|posted|post|written|write|reported|report)(?:[- ]?in|ed)?\\b(?: (?:their|the|a|any|his|her) ${CHECK_IN})?|\\b(?:miss(?:es|ed|ing)?|skip(?:s|ped|ping)?|late|overdue|outstanding|no|without)(?: (?:their|his|her|a|the|my|any|our))? ${CHECK_IN}\\b|\\bwho is late with(?: (?:their|the|a|his|her))? \\w+|\\bnot reported\\b|\\b(?:has|have|did) (?:everyone|everybody|all|each)(?: \\w+){0,3}? (?:checked|check|reported|report|submitted|submit)(?:[- ]?in)?\\b|\\b(?:needs?|still) to (?:check[- ]?in|report|submit)\\b|\\b(?:who|anyone|anybody|someone|somebody)(?: is| was|'s)? (?:missing|absent from the check-?ins?)\\b(?! from)`,
  ),
  mood: /\b(?:moods?|feel\w*|felt|morale|vibes?|spirits?|emotions?|happiness|wellbeing|well-being)\b/,
  goals:
    /\b(?:goals?|okrs?|objectives?|key results?|milestones?|on track|off(?: the)? track|at risk|risky|in trouble|low confidence|confidence|progress)\b/,
  activities:
    /\b(?:activit\w*|prs?|pull requests?|merge requests?|merg\w*|commits?|tickets?|jira|linear|github|gitlab|bitbucket|asana|trello|notion|zendesk|meetings?|calendar|zoom|code reviews?|review(?:ed|ing)? (?:code|prs?|pull requests?))\b/,
  comments: /\b(?:comment\w*|discuss\w*|feedback|repl(?:y|ies|ied)|conversations?|threads?)\b/,
  plans:
    /\b(?:plan\w*|intend\w*|intentions?|next|upcoming|going to|gonna|working on|priorit\w*|focus(?:ing|ed)? on|todo|to-do)\b/,
  done: /\b(?:done|work(?:ed)? on|accomplish\w*|achiev\w*|ship\w*|finish\w*|complet\w*|deliver\w*|got done|get done|wrapped up|(?<=\bwhat (?:did|does|has|have)\b[^?.!]{1,40}?)do)\b/,
};

/** A name taken out leaves spaces: "was [Hiroshi] away" still reads as "was away". */
const FLEXIBLE_PATTERNS = Object.fromEntries(
  THEMES.map((theme) => [theme, new RegExp(THEME_PATTERNS[theme].source.replace(/ /g, '\\s+'))]),
) as Record<Theme, RegExp>;

const ACTIVITY_KINDS: [RegExp, string[]][] = [
  [/\b(?:prs?|pull requests?|merge requests?|merg\w*)\b/, ['github_pr', 'gitlab_mr', 'bitbucket_pr']],
  [
    /\bcode reviews?\b|\breview(?:ed|ing)? (?:code|prs?|pull requests?)\b/,
    ['github_review', 'bitbucket_review'],
  ],
  [/\bgithub\b/, ['github', 'github_pr', 'github_review']],
  [/\bgitlab\b/, ['gitlab', 'gitlab_mr']],
  [/\bbitbucket\b/, ['bitbucket', 'bitbucket_pr', 'bitbucket_review']],
  [
    /\b(?:meetings?|calendar)\b/,
    ['google_calendar', 'microsoft_outlook_calendar', 'zoom_host', 'zoom_attend'],
  ],
  [/\bzoom\b/, ['zoom_host', 'zoom_attend']],
  [/\bjira\b/, ['jira']],
  [/\blinear\b/, ['linear']],
  [/\basana\b/, ['asana']],
  [/\btrello\b/, ['trello']],
  [/\bnotion\b/, ['notion']],
  [/\bzendesk\b/, ['zendesk']],
];

const MOOD_SYNONYMS: Record<string, Mood> = {
  stress: 'stressed',
  anxious: 'worried',
  frustrated: 'annoyed',
  sad: 'disappointed',
  exhausted: 'tired',
  ill: 'sick',
  glad: 'happy',
  mad: 'angry',
  upset: 'disappointed',
  burned: 'tired',
  burnt: 'tired',
};

const MOOD_WORDS = new RegExp(`\\b(${[...MOOD_NAMES, ...Object.keys(MOOD_SYNONYMS)].join('|')})\\b`);

export interface ThemeReading {
  themes: Theme[];
  /** Words a theme is about that must still be searched for: "ship" is work done that was shipped. */
  terms: string[];
  moods: Mood[];
  activityKinds: string[];
  confidenceAtMost?: number;
}

export function readThemes(text: Text): ThemeReading {
  const themes = new Set<Theme>();
  const reading: ThemeReading = { themes: [], terms: [], moods: [], activityKinds: [] };
  for (const [pattern, kinds] of ACTIVITY_KINDS) {
    if (text.has(pattern)) reading.activityKinds.push(...kinds);
  }
  reading.activityKinds = [...new Set(reading.activityKinds)];
  if (text.has(/\boff(?: the)? track\b/)) reading.confidenceAtMost = 30;
  else if (text.has(/\b(?:at risk|risky|in trouble|low confidence)\b/)) reading.confidenceAtMost = 60;
  // "Sick" is an absence and a mood at once; the absence comes first.
  if (text.has(/\bsick\b/) && !text.has(/\bsick of\b/)) themes.add('absent');
  for (const match of text.takeAll(MOOD_WORDS)) {
    const word = match[1] as string;
    const mood = isMood(word) ? word : MOOD_SYNONYMS[word];
    if (mood && !reading.moods.includes(mood)) reading.moods.push(mood);
    themes.add('mood');
  }
  for (const theme of THEMES) {
    const matches = text.takeAll(FLEXIBLE_PATTERNS[theme]);
    if (matches.length > 0) themes.add(theme);
    // Work done in general is any done list; shipping, releasing and launching are particular work.
    if (theme === 'done' && matches.some((match) => /^ship/.test(match[0]))) reading.terms.push('ship');
  }
  reading.themes = THEMES.filter((theme) => themes.has(theme));
  return reading;
}
