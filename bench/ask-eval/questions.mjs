// The evaluation's questions: templates in natural phrasings, filled from the generated history (names,
// teams, topics, times), each with its expected answer from the oracle. Nothing here is written per
// question by hand: change the history's seed and every expectation follows.
import { ascii, BLOCKER_TOPICS, PLAN_TOPICS } from './history.mjs';
import { makeOracle } from './oracle.mjs';

export const INTENTS = ['who', 'count', 'yes-no', 'which-goals', 'feeling', 'what'];

const T = {
  today: { kind: 'today', text: 'today' },
  yesterday: { kind: 'yesterday', text: 'yesterday' },
  thisWeek: { kind: 'this-week', text: 'this week' },
  lastWeek: { kind: 'last-week', text: 'last week' },
  lastMonth: { kind: 'last-month', text: 'last month' },
  thisMonth: { kind: 'month', month: 'november', text: 'this month' },
  sinceMonday: { kind: 'since', weekday: 'monday', text: 'since Monday' },
  sinceTuesday: { kind: 'since', weekday: 'tuesday', text: 'since Tuesday' },
  inOctober: { kind: 'month', month: 'october', text: 'in October' },
  inNovember: { kind: 'month', month: 'november', text: 'in November' },
  last10: { kind: 'last-n', n: 10, text: 'in the last 10 days' },
  past14: { kind: 'last-n', n: 14, text: 'over the past 14 days' },
  last3: { kind: 'last-n', n: 3, text: 'in the last 3 days' },
  any: { kind: 'any', text: '' },
  now: { kind: 'now', text: '' },
};
const PAST_TIMES = [
  T.lastWeek,
  T.yesterday,
  T.thisWeek,
  T.lastMonth,
  T.sinceMonday,
  T.inOctober,
  T.last10,
  T.today,
  T.past14,
  T.thisMonth,
  T.sinceTuesday,
  T.inNovember,
  T.last3,
];
const ALL = { kind: 'all' };

/** " last week", or nothing for no time words. */
const when = (time) => (time.text ? ` ${time.text}` : '');

/** A one-letter typo: the third letter doubled ("Priya" -> "Priiya"); undefined for short names. */
export function typoOf(first) {
  return first.length >= 5 && ascii(first) === first ? first.slice(0, 3) + first.slice(2) : undefined;
}

/** Builds every question of a history: [{ id, asker, prompt, intent, theme, expected }]. */
export function buildQuestions(history) {
  const oracle = makeOracle(history);
  const { admin, askers } = history;
  const questions = [];
  const teams = history.teams;
  const publicTeams = teams.filter((t) => !t.private);
  const teamText = (team, i) => [team.key, `the ${team.key} team`, team.name][i % 3];
  const firstCount = new Map();
  for (const p of history.people) firstCount.set(p.first, (firstCount.get(p.first) ?? 0) + 1);
  const named = history.people.filter((p) => firstCount.get(p.first) === 1 && /^\p{Lu}/u.test(p.first));
  /** How a question names a person, cycling through the forms people use. */
  const nameOf = (person, i) => {
    if (!/^\p{Lu}/u.test(person.first)) return i % 2 ? `@${person.username}` : person.name;
    const forms = [person.name, `@${person.username}`];
    if (firstCount.get(person.first) === 1) {
      forms.push(person.first);
      const typo = typoOf(person.first);
      if (typo) forms.push(typo);
      if (ascii(person.first) !== person.first) forms.push(ascii(person.first));
    }
    return forms[i % forms.length];
  };
  let turn = 0;
  /** The next person in a fixed stride through the history, for variety without hand-picking. */
  const nextPerson = (among = history.people) => among[(turn++ * 7) % among.length];

  /**
   * Adds a question. `who`, `what` and `feeling` expect the people named; `count` their number (or the
   * goals'); `yes-no` whether there is any; `which-goals` the goals.
   */
  const add = (prompt, { intent, theme, asker = admin.key, subject = ALL, time, ...options }) => {
    const expected = {};
    if (theme === 'goals') {
      const goals = oracle.expectedGoals({ asker, time, ...options });
      expected.goals = goals;
      if (intent === 'count') expected.count = goals.length;
      if (intent === 'yes-no') expected.yes = goals.length > 0;
    } else {
      const people = oracle.expectedPeople({ asker, subject, theme, time, ...options });
      expected.people = people;
      if (intent === 'count') expected.count = people.length;
      if (intent === 'yes-no') expected.yes = people.length > 0;
    }
    questions.push({ id: questions.length + 1, asker, prompt, intent, theme, expected });
  };

  // --- blockers ------------------------------------------------------------------------------------
  const blockerWho = [
    (t) => `Who reported blockers${when(t)}?`,
    (t, team) => `Who on ${team} had a blocker${when(t)}?`,
    (t, team) => `Who in ${team} flagged blockers${when(t)}?`,
    (t) => `Which people raised a blocker${when(t)}?`,
    (t, team) => `Who logged a blocker on ${team}${when(t)}?`,
    (t) => `Who said they were blocked${when(t)}?`,
    (t) => `Who was stuck${when(t)}?`,
    (t, team) => `Who on ${team} mentioned being blocked${when(t)}?`,
  ];
  PAST_TIMES.forEach((time, i) => {
    for (let j = 0; j < 2; j++) {
      const template = blockerWho[(i * 2 + j) % blockerWho.length];
      const team = publicTeams[(i + j) % publicTeams.length];
      const subject = template.length > 1 ? { kind: 'team', team: team.key } : ALL;
      add(template(time, teamText(team, i + j)), { intent: 'who', theme: 'blocked', subject, time });
    }
  });
  add('Who is blocked?', { intent: 'who', theme: 'blocked', time: T.now });
  add('Who on mobile is blocked?', { intent: 'who', theme: 'blocked', time: T.now, subject: team('mobile') });
  add('Who on Borealis is currently blocked?', {
    intent: 'who',
    theme: 'blocked',
    time: T.now,
    subject: team('borealis'),
  });
  add('Which people on atlas are stuck at the moment?', {
    intent: 'who',
    theme: 'blocked',
    time: T.now,
    subject: team('atlas'),
  });
  add('Who in core is blocked right now?', {
    intent: 'who',
    theme: 'blocked',
    time: T.now,
    subject: team('core'),
  });
  for (const [i, [topic, spec]] of Object.entries(BLOCKER_TOPICS)
    .filter(([, spec]) => spec.words)
    .entries()) {
    const phrasings = [
      [`Who was blocked by ${spec.words}?`, T.any],
      [`Who is blocked on ${spec.words}?`, T.now],
      [`Whose work was held up by ${spec.words} in October?`, T.inOctober],
      [`Who reported ${spec.words} as a blocker this month?`, T.thisMonth],
    ];
    const [prompt, time] = phrasings[i % phrasings.length];
    add(prompt, { intent: 'who', theme: 'blocked', time, topic });
    add(`Who mentioned ${spec.words}${when(PAST_TIMES[i + 3])}?`, {
      intent: 'who',
      theme: 'topic',
      time: PAST_TIMES[i + 3],
      topic,
    });
  }
  add('Who mentioned the vendor API keys?', {
    intent: 'who',
    theme: 'topic',
    time: T.any,
    topic: 'vendor-keys',
  });
  add('Did anyone mention the checkout screens in October?', {
    intent: 'yes-no',
    theme: 'topic',
    time: T.inOctober,
    topic: 'design-signoff',
  });
  add('How many people talked about the staging database last month?', {
    intent: 'count',
    theme: 'topic',
    time: T.lastMonth,
    topic: 'staging-db',
  });
  [
    ['How many people reported blockers last week?', T.lastWeek, ALL],
    ['How many people on atlas are blocked?', T.now, team('atlas')],
    ['How many people were stuck yesterday?', T.yesterday, ALL],
    ['How many people in borealis flagged a blocker this week?', T.thisWeek, team('borealis')],
    ['How many people on the mobile team had blockers in October?', T.inOctober, team('mobile')],
  ].forEach(([prompt, time, subject]) => {
    add(prompt, { intent: 'count', theme: 'blocked', time, subject });
  });
  [
    ['Was anyone on mobile blocked yesterday?', T.yesterday, team('mobile')],
    ['Is anyone on core blocked?', T.now, team('core')],
    ['Did anyone flag a blocker today?', T.today, ALL],
    ['Were any of the borealis folks stuck last week?', T.lastWeek, team('borealis')],
  ].forEach(([prompt, time, subject]) => {
    add(prompt, { intent: 'yes-no', theme: 'blocked', time, subject });
  });
  for (let i = 0; i < 6; i++) {
    const person = nextPerson();
    const name = nameOf(person, i);
    const subject = { kind: 'person', person: person.key };
    const [prompt, time] = [
      [`Was ${name} blocked last week?`, T.lastWeek],
      [`Is ${name} blocked?`, T.now],
      [`Did ${name} have any blockers in October?`, T.inOctober],
      [`Did ${name} report a blocker this month?`, T.thisMonth],
      [`Has ${name} been stuck in the last 10 days?`, T.last10],
      [`Was ${name} blocked?`, T.any],
    ][i];
    add(prompt, { intent: 'yes-no', theme: 'blocked', time, subject });
  }
  add('What is blocking the mobile team?', {
    intent: 'what',
    theme: 'blocked',
    time: T.now,
    subject: team('mobile'),
  });
  add('What blockers did core report last week?', {
    intent: 'what',
    theme: 'blocked',
    time: T.lastWeek,
    subject: team('core'),
  });
  add('What blockers came up on atlas this week?', {
    intent: 'what',
    theme: 'blocked',
    time: T.thisWeek,
    subject: team('atlas'),
  });
  for (let i = 0; i < 3; i++) {
    const person = nextPerson();
    const [prompt, time] = [
      [`What was blocking ${nameOf(person, i + 1)} in October?`, T.inOctober],
      [`What is ${nameOf(person, i + 1)} blocked on?`, T.now],
      [`What held up ${nameOf(person, i + 1)} last week?`, T.lastWeek],
    ][i];
    add(prompt, { intent: 'what', theme: 'blocked', time, subject: { kind: 'person', person: person.key } });
  }

  // --- people mentioned ------------------------------------------------------------------------------
  /** Someone mentioned in the time's reports when anyone is (else anyone), in turn. */
  const mentionedIn = (time, i) => {
    const keys = new Set(oracle.reportsOf(time).flatMap((c) => c.mentions));
    const pool = named.filter((p) => keys.has(p.key));
    return pool.length > 0 ? pool[i % pool.length] : named[(i * 5) % named.length];
  };
  [
    (p) => [`Who is waiting on ${p}?`, T.now, 'who'],
    (p) => [`Who was waiting on ${p}?`, T.any, 'who'],
    (p) => [`Who mentioned ${p} last week?`, T.lastWeek, 'who'],
    (p) => [`Who said they were waiting on ${p} this month?`, T.thisMonth, 'who'],
    (p) => [`How many people were waiting on ${p} in October?`, T.inOctober, 'count'],
    (p) => [`Was anyone waiting on ${p} last week?`, T.lastWeek, 'yes-no'],
    (p) => [`Is anybody waiting on ${p}?`, T.now, 'yes-no'],
    (p) => [`Who has been waiting on ${p} since Monday?`, T.sinceMonday, 'who'],
  ].forEach((template, i) => {
    const [, time] = template('');
    const person = mentionedIn(time, i);
    const [prompt, , intent] = template(i % 3 === 2 ? person.name : person.first);
    add(prompt, { intent, theme: 'mentioned', time, person: person.key });
  });

  // --- absences --------------------------------------------------------------------------------------
  [
    ['Who was out last week?', T.lastWeek, ALL, 'who'],
    ['Who is out today?', T.today, ALL, 'who'],
    ['Who was absent on borealis last week?', T.lastWeek, team('borealis'), 'who'],
    ["Who's on leave this week?", T.thisWeek, ALL, 'who'],
    ['Who took days off in October?', T.inOctober, ALL, 'who'],
    ['Who was off yesterday?', T.yesterday, ALL, 'who'],
    ['Who on atlas was on holiday last month?', T.lastMonth, team('atlas'), 'who'],
    ['Who in Core is out of office today?', T.today, team('core'), 'who'],
    ['Which people on mobile were absent in the last 10 days?', T.last10, team('mobile'), 'who'],
    ['Who is away?', T.now, ALL, 'who'],
    ['How many people were out last week?', T.lastWeek, ALL, 'count'],
    ['How many people on core are absent today?', T.today, team('core'), 'count'],
    ['How many people took time off in November?', T.inNovember, ALL, 'count'],
    ['Is anyone on atlas out today?', T.today, team('atlas'), 'yes-no'],
    ['Was anybody on mobile on leave this week?', T.thisWeek, team('mobile'), 'yes-no'],
  ].forEach(([prompt, time, subject, intent]) => {
    add(prompt, { intent, theme: 'absent', time, subject });
  });
  for (let i = 0; i < 4; i++) {
    const person = nextPerson();
    const name = nameOf(person, i + 2);
    const [prompt, time] = [
      [`Was ${name} absent last month?`, T.lastMonth],
      [`Is ${name} out today?`, T.today],
      [`Was ${name} off in the last 3 days?`, T.last3],
      [`Did ${name} take a day off last week?`, T.lastWeek],
    ][i];
    add(prompt, { intent: 'yes-no', theme: 'absent', time, subject: { kind: 'person', person: person.key } });
  }

  // --- missing check-ins -----------------------------------------------------------------------------
  [
    ["Who hasn't checked in today?", T.today, ALL, 'who'],
    ['Who missed check-ins last week?', T.lastWeek, ALL, 'who'],
    ["Who didn't check in yesterday?", T.yesterday, ALL, 'who'],
    ["Who on borealis hasn't checked in today?", T.today, team('borealis'), 'who'],
    ['Who skipped their check-in this week?', T.thisWeek, ALL, 'who'],
    ['Which people on atlas have missing check-ins this week?', T.thisWeek, team('atlas'), 'who'],
    ['Who has not filled in their check-in yet?', T.now, ALL, 'who'],
    ['Who on the core team missed a check-in in October?', T.inOctober, team('core'), 'who'],
    ["Who on mobile hasn't checked in today?", T.today, team('mobile'), 'who'],
    ["How many people haven't checked in today?", T.today, ALL, 'count'],
    ['How many people on atlas missed a check-in last week?', T.lastWeek, team('atlas'), 'count'],
    ['Did anyone on core miss a check-in since Monday?', T.sinceMonday, team('core'), 'yes-no'],
  ].forEach(([prompt, time, subject, intent]) => {
    add(prompt, { intent, theme: 'missing', time, subject });
  });
  for (let i = 0; i < 3; i++) {
    const person = nextPerson();
    const name = nameOf(person, i + 1);
    const [prompt, time] = [
      [`Did ${name} miss any check-ins last month?`, T.lastMonth],
      [`Has ${name} checked in today?`, T.today],
      [`Did ${name} skip a check-in in the last 10 days?`, T.last10],
    ][i];
    // "Has X checked in today?" is yes when X did: the opposite of a missing check-in.
    if (i === 1) {
      const missing = history.missing.some((m) => m.person === person.key && m.date === history.today);
      const checked = history.checkIns.some((c) => c.person === person.key && c.date === history.today);
      if (!missing && !checked) continue; // not scheduled today: no plain yes or no
      questions.push({
        id: questions.length + 1,
        asker: admin.key,
        prompt,
        intent: 'yes-no',
        theme: 'missing',
        expected: { yes: checked, people: checked ? [person.key] : [] },
      });
      continue;
    }
    add(prompt, {
      intent: 'yes-no',
      theme: 'missing',
      time,
      subject: { kind: 'person', person: person.key },
    });
  }

  // --- moods and feelings ----------------------------------------------------------------------------
  [
    ['Who was stressed last week?', T.lastWeek, ALL, 'stressed', 'who'],
    ['Who felt tired this week?', T.thisWeek, ALL, 'tired', 'who'],
    ['Who reported feeling worried in October?', T.inOctober, ALL, 'worried', 'who'],
    ['Who is stressed?', T.now, ALL, 'stressed', 'who'],
    ['Which people on core were happy yesterday?', T.yesterday, team('core'), 'happy', 'who'],
    ['Who on atlas said they felt excited since Monday?', T.sinceMonday, team('atlas'), 'excited', 'who'],
    ['Who logged a calm mood over the past 14 days?', T.past14, ALL, 'calm', 'who'],
    ['How many people were stressed last month?', T.lastMonth, ALL, 'stressed', 'count'],
    ['How many people on borealis felt focused this week?', T.thisWeek, team('borealis'), 'focused', 'count'],
    ['Was anyone on atlas worried this week?', T.thisWeek, team('atlas'), 'worried', 'yes-no'],
    ['Was anybody tired yesterday?', T.yesterday, ALL, 'tired', 'yes-no'],
  ].forEach(([prompt, time, subject, mood, intent]) => {
    add(prompt, { intent, theme: 'mood', time, subject, mood });
  });
  for (let i = 0; i < 3; i++) {
    const person = nextPerson();
    const mood = ['stressed', 'tired', 'happy'][i];
    const [prompt, time] = [
      [`Did ${nameOf(person, i)} feel stressed last month?`, T.lastMonth],
      [`Was ${nameOf(person, i)} tired this week?`, T.thisWeek],
      [`Has ${nameOf(person, i)} been happy in the last 10 days?`, T.last10],
    ][i];
    add(prompt, {
      intent: 'yes-no',
      theme: 'mood',
      time,
      subject: { kind: 'person', person: person.key },
      mood,
    });
  }
  for (let i = 0; i < 4; i++) {
    const person = nextPerson();
    const name = nameOf(person, i);
    const [prompt, time] = [
      [`How is ${name} feeling?`, T.now],
      [`How has ${name} been feeling this month?`, T.thisMonth],
      [`How did ${name} feel last week?`, T.lastWeek],
      [`What was ${name}'s mood in October?`, T.inOctober],
    ][i];
    add(prompt, { intent: 'feeling', theme: 'mood', time, subject: { kind: 'person', person: person.key } });
  }
  [
    ['How was atlas feeling last week?', T.lastWeek, team('atlas')],
    ['How are people on mobile feeling?', T.now, team('mobile')],
    ['What was the mood on borealis yesterday?', T.yesterday, team('borealis')],
    ['How is the core team feeling this week?', T.thisWeek, team('core')],
    ['How was morale in October?', T.inOctober, ALL],
  ].forEach(([prompt, time, subject]) => {
    add(prompt, { intent: 'feeling', theme: 'mood', time, subject });
  });

  // --- plans -----------------------------------------------------------------------------------------
  for (const [i, [topic, spec]] of Object.entries(PLAN_TOPICS).entries()) {
    add(`Who is planning to work on ${spec.words}?`, { intent: 'who', theme: 'plans', time: T.now, topic });
    add(`Who planned ${spec.words} ${['last week', 'in October', 'this month'][i]}?`, {
      intent: 'who',
      theme: 'plans',
      time: [T.lastWeek, T.inOctober, T.thisMonth][i],
      topic,
    });
    add(
      `Who said they would tackle ${spec.words} ${['this week', 'last month', 'in the last 10 days'][i]}?`,
      {
        intent: 'who',
        theme: 'plans',
        time: [T.thisWeek, T.lastMonth, T.last10][i],
        topic,
      },
    );
  }
  add('Does anyone on atlas intend to work on the onboarding flow?', {
    intent: 'yes-no',
    theme: 'plans',
    time: T.now,
    subject: team('atlas'),
    topic: 'onboarding',
  });
  add('How many people planned the billing migration in October?', {
    intent: 'count',
    theme: 'plans',
    time: T.inOctober,
    topic: 'billing',
  });
  add('What are people on borealis planning next?', {
    intent: 'what',
    theme: 'plans',
    time: T.now,
    subject: team('borealis'),
  });
  for (let i = 0; i < 2; i++) {
    const person = nextPerson();
    const [prompt, time] = [
      [`What is ${nameOf(person, i + 1)} planning to do next?`, T.now],
      [`What did ${nameOf(person, i + 1)} intend to work on this week?`, T.thisWeek],
    ][i];
    add(prompt, { intent: 'what', theme: 'plans', time, subject: { kind: 'person', person: person.key } });
  }

  // --- done, shipped ---------------------------------------------------------------------------------
  [
    ['Who shipped a release last week?', T.lastWeek, ALL, 'release', 'who'],
    ['Who shipped the release in October?', T.inOctober, ALL, 'release', 'who'],
    ['Who fixed the invoice export?', T.any, ALL, 'invoices', 'who'],
    ['Who finished the accessibility audit this month?', T.thisMonth, ALL, 'audit', 'who'],
    ['Who on borealis has shipped releases since Monday?', T.sinceMonday, team('borealis'), 'release', 'who'],
    [
      'Which people on core shipped a release over the past 14 days?',
      T.past14,
      team('core'),
      'release',
      'who',
    ],
    ['Did anyone ship a release yesterday?', T.yesterday, ALL, 'release', 'yes-no'],
    ['Did anyone on mobile finish the accessibility audit?', T.any, team('mobile'), 'audit', 'yes-no'],
    ['How many people shipped a release last month?', T.lastMonth, ALL, 'release', 'count'],
    ['How many people fixed the invoice export this month?', T.thisMonth, ALL, 'invoices', 'count'],
    ['What did atlas ship in October?', T.inOctober, team('atlas'), 'release', 'what'],
    ['What did the mobile team ship last week?', T.lastWeek, team('mobile'), 'release', 'what'],
  ].forEach(([prompt, time, subject, topic, intent]) => {
    add(prompt, { intent, theme: 'done', time, subject, topic });
  });
  for (let i = 0; i < 5; i++) {
    const person = nextPerson();
    const name = nameOf(person, i + 3);
    const [prompt, time, intent] = [
      [`What did ${name} get done last week?`, T.lastWeek, 'what'],
      [`What has ${name} finished this week?`, T.thisWeek, 'what'],
      [`What did ${name} work on yesterday?`, T.yesterday, 'what'],
      [`What did ${name} accomplish in October?`, T.inOctober, 'what'],
      [`Did ${name} get anything done since Tuesday?`, T.sinceTuesday, 'yes-no'],
    ][i];
    add(prompt, { intent, theme: 'done', time, subject: { kind: 'person', person: person.key } });
  }

  // --- goals -----------------------------------------------------------------------------------------
  [
    ['Which goals are at risk?', T.now, 60, undefined, 'which-goals'],
    ['Which goals are off track?', T.now, 30, undefined, 'which-goals'],
    ['Which atlas goals are at risk?', T.now, 60, 'atlas', 'which-goals'],
    ["Which of borealis's goals are in trouble?", T.now, 60, 'borealis', 'which-goals'],
    ['Which goals were at risk last month?', T.lastMonth, 60, undefined, 'which-goals'],
    ['Which goals were off track in October?', T.inOctober, 30, undefined, 'which-goals'],
    ['Which goals got updates last week?', T.lastWeek, undefined, undefined, 'which-goals'],
    ['Which goals were updated this week?', T.thisWeek, undefined, undefined, 'which-goals'],
    ['Which core goals had updates in the last 10 days?', T.last10, undefined, 'core', 'which-goals'],
    ['Which goals on the mobile team are off track right now?', T.now, 30, 'mobile', 'which-goals'],
    ['How many goals are at risk?', T.now, 60, undefined, 'count'],
    ['How many goals are off track right now?', T.now, 30, undefined, 'count'],
    ['How many goals were at risk in October?', T.inOctober, 60, undefined, 'count'],
    ['Is any goal off track?', T.now, 30, undefined, 'yes-no'],
    ["Are any of core's goals at risk?", T.now, 60, 'core', 'yes-no'],
    ['Was any goal off track last week?', T.lastWeek, 30, undefined, 'yes-no'],
  ].forEach(([prompt, time, atMost, teamKey, intent]) => {
    add(prompt, { intent, theme: 'goals', time, atMost, team: teamKey });
  });

  // --- activities ------------------------------------------------------------------------------------
  const GITHUB = ['github', 'github_pr', 'github_review'];
  [
    ['Who had github activity last week?', T.lastWeek, ALL, GITHUB, 'who'],
    [
      'Who opened pull requests this week?',
      T.thisWeek,
      ALL,
      ['github_pr', 'gitlab_mr', 'bitbucket_pr'],
      'who',
    ],
    ['Who logged jira activity in October?', T.inOctober, ALL, ['jira'], 'who'],
    [
      'Which people on mobile had meetings last week?',
      T.lastWeek,
      team('mobile'),
      ['google_calendar'],
      'who',
    ],
    ['Who answered zendesk tickets over the past 14 days?', T.past14, ALL, ['zendesk'], 'who'],
    ['Who on atlas had linear activity this month?', T.thisMonth, team('atlas'), ['linear'], 'who'],
    ['How many people had linear activity last month?', T.lastMonth, ALL, ['linear'], 'count'],
    [
      'How many people on borealis had jira activity since Monday?',
      T.sinceMonday,
      team('borealis'),
      ['jira'],
      'count',
    ],
    ['Did anyone on core have github activity since Monday?', T.sinceMonday, team('core'), GITHUB, 'yes-no'],
    ['Were there any zendesk activities yesterday?', T.yesterday, ALL, ['zendesk'], 'yes-no'],
  ].forEach(([prompt, time, subject, kinds, intent]) => {
    add(prompt, { intent, theme: 'activities', time, subject, kinds });
  });
  for (let i = 0; i < 2; i++) {
    const person = nextPerson();
    const [prompt, time, kinds] = [
      [`What jira activity did ${nameOf(person, i)} have this month?`, T.thisMonth, ['jira']],
      [`What github activity did ${nameOf(person, i)} have in October?`, T.inOctober, GITHUB],
    ][i];
    add(prompt, {
      intent: 'what',
      theme: 'activities',
      time,
      kinds,
      subject: { kind: 'person', person: person.key },
    });
  }

  // --- comments --------------------------------------------------------------------------------------
  [
    ['Who commented on check-ins last week?', T.lastWeek, ALL, 'who'],
    ['Who left comments on atlas check-ins this month?', T.thisMonth, team('atlas'), 'who'],
    ['Who wrote comments in October?', T.inOctober, ALL, 'who'],
    ['Who replied to check-ins on borealis over the past 14 days?', T.past14, team('borealis'), 'who'],
    ['How many people commented yesterday?', T.yesterday, ALL, 'count'],
    ['Did anyone comment on core check-ins this week?', T.thisWeek, team('core'), 'yes-no'],
  ].forEach(([prompt, time, subject, intent]) => {
    add(prompt, { intent, theme: 'comments', time, subject });
  });
  {
    const person = nextPerson();
    add(`Did ${nameOf(person, 0)} leave any comments last week?`, {
      intent: 'yes-no',
      theme: 'comments',
      time: T.lastWeek,
      subject: { kind: 'person', person: person.key },
    });
  }

  // --- a member asking: "I", "my team", and what a member sees ---------------------------------------
  const member = askers.member;
  const me = { kind: 'me' };
  const myTeam = { kind: 'my-team' };
  [
    ['Was I blocked last week?', T.lastWeek, me, 'blocked', 'yes-no', {}],
    ['Did I miss any check-ins this month?', T.thisMonth, me, 'missing', 'yes-no', {}],
    ['How did I feel last week?', T.lastWeek, me, 'mood', 'feeling', {}],
    ['What did I get done this week?', T.thisWeek, me, 'done', 'what', {}],
    ['Who on my team was blocked yesterday?', T.yesterday, myTeam, 'blocked', 'who', {}],
    ['Who on my team is out today?', T.today, myTeam, 'absent', 'who', {}],
    ["Who on my team hasn't checked in today?", T.today, myTeam, 'missing', 'who', {}],
    ['How many people on my team reported blockers last week?', T.lastWeek, myTeam, 'blocked', 'count', {}],
    ['Who was blocked last week?', T.lastWeek, ALL, 'blocked', 'who', {}],
    ['Who is out today?', T.today, ALL, 'absent', 'who', {}],
    ['Who was stressed this week?', T.thisWeek, ALL, 'mood', 'who', { mood: 'stressed' }],
    ['Who had github activity this month?', T.thisMonth, ALL, 'activities', 'who', { kinds: GITHUB }],
    ['Which goals are at risk?', T.now, ALL, 'goals', 'which-goals', { atMost: 60 }],
  ].forEach(([prompt, time, subject, theme, intent, options]) => {
    add(prompt, { asker: member, intent, theme, time, subject, ...options });
  });
  // Someone outside the private Core team: Core's check-ins are not theirs to see.
  const outsider = askers.outsider;
  [
    ['Who was blocked last week?', T.lastWeek, ALL, 'blocked', 'who'],
    ["Who hasn't checked in today?", T.today, ALL, 'missing', 'who'],
    ['Who on core reported blockers last week?', T.lastWeek, team('core'), 'blocked', 'who'],
    ['Who is out today?', T.today, ALL, 'absent', 'who'],
    ['How many people on core are blocked?', T.now, team('core'), 'blocked', 'count'],
  ].forEach(([prompt, time, subject, theme, intent]) => {
    add(prompt, { asker: outsider, intent, theme, time, subject });
  });

  return questions;
}

function team(key) {
  return { kind: 'team', team: key };
}

/** Whether the facts hold something for the question (a set, a count or a yes). */
const expectsSomething = ({ expected }) =>
  expected.yes === true ||
  expected.count > 0 ||
  (expected.yes === undefined &&
    expected.count === undefined &&
    (expected.people ?? expected.goals).length > 0);

/**
 * About `size` questions spread over the intents (in proportion, at least four each) and, within an
 * intent, over its themes in turn: the reduced run of the test. Questions whose facts hold something come
 * first, since only those can catch a false "nobody"; at most one in six expects nothing. Each asker
 * (the administrator, a member, someone outside the private team) asks at least one.
 */
export function reducedSet(questions, size = 36) {
  const chosen = [];
  for (const intent of INTENTS) {
    const pool = questions.filter((q) => q.intent === intent);
    const quota = Math.min(pool.length, Math.max(4, Math.round((size * pool.length) / questions.length)));
    const byTheme = new Map();
    for (const question of pool)
      byTheme.set(question.theme, [...(byTheme.get(question.theme) ?? []), question]);
    const queues = [...byTheme.values()].map((queue) => ({
      something: queue.filter(expectsSomething),
      nothing: queue.filter((q) => !expectsSomething(q)),
    }));
    const taken = [];
    const emptyAllowed = Math.floor(quota / 6);
    for (let round = 0; taken.length < quota && round < pool.length; round++) {
      for (const queue of queues) {
        if (taken.length >= quota) break;
        const emptyTaken = taken.filter((q) => !expectsSomething(q)).length;
        const from =
          queue.something.length > 0 ? queue.something : emptyTaken < emptyAllowed ? queue.nothing : [];
        // Spread over each theme's questions rather than taking its first ones.
        const question = from.splice((round * 3) % Math.max(from.length, 1), 1)[0];
        if (question) taken.push(question);
      }
    }
    chosen.push(...taken);
  }
  // A member's view and an outsider's (of the private team) are always among them: visibility.
  for (const asker of new Set(questions.map((q) => q.asker))) {
    const own = questions.filter((q) => q.asker === asker && expectsSomething(q));
    if (!chosen.some((q) => q.asker === asker) && own.length > 0) chosen.push(own[0]);
  }
  return chosen.sort((a, b) => a.id - b.id);
}
