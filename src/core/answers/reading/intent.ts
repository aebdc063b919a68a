/** What kind of answer a prompt wants, from its opening words and its themes. */
import type { Intent, Theme } from '../question.js';

const COUNT = /\b(?:how many|how much|number of|count of|count the)\b/;
const AUXILIARY_FIRST =
  /^\W*(?:was|were|is|are|did|does|do|has|have|had|will|would|can|could|should|anyone|anybody|someone|somebody|any(?:one|body)? else)\b|^\W*(?:is|are) there\b|^\W*(?:was|were)n't\b|^\W*(?:is|are|did|does|do|has|have)n't\b/;
/** "Can you tell me who was out?" asks who, not yes or no. */
const EMBEDDED_QUESTION =
  /\b(?:tell|show|know|list|say|ask|find)(?: me| us)? (?:who|whom|whose|what|which|when|where|how)\b/;
const WHO =
  /\bwhich of (?:us|them|(?:my|our|the) (?:teammates?|colleagues?|people|members?|team|folks))\b|\b(?:who|whom|whose|who's)\b|\bwhich (?:people|person|members?|teammates?|folks|colleagues?)\b|\b(?:list|name) (?:the |all )?(?:people|members|everyone)\b/;
const GOALS =
  /\b(?:which|what|list|show|all)\b[^?.!]*\b(?:goals?|okrs?|objectives?|key results?|milestones?)\b/;

export function readIntent(prompt: string, themes: Theme[]): Intent {
  if (COUNT.test(prompt)) return 'count';
  if (AUXILIARY_FIRST.test(prompt) && !EMBEDDED_QUESTION.test(prompt)) return 'yes-no';
  if (themes.includes('goals') && GOALS.test(prompt) && !WHO.test(prompt)) return 'which-goals';
  if (WHO.test(prompt)) return 'who';
  if (themes.includes('mood')) return 'feeling';
  return 'what';
}
