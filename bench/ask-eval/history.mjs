// The evaluation's team history, generated from a seed as plain data: who checked in on which date and
// what they wrote, who was blocked by what, absences and holidays, missing check-ins, comments, activities
// and goals. Everything the oracle (questions.mjs) needs is recorded here as it is generated, so expected
// answers never come from reading the texts back.

/** The evaluation's "now": a Thursday afternoon, when every zone used below is on the same date. */
export const TODAY = '2026-11-19';
export const NOW = `${TODAY}T15:00:00Z`;

const DAY_MS = 86_400_000;
export const addDays = (date, n) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
export const weekdayOf = (date) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

/** A small deterministic generator (mulberry32). */
export function randomFrom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p) => next() < p,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

const MON_FRI = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const TEAMS = [
  { key: 'atlas', name: 'Atlas', reportDays: MON_FRI, private: false },
  { key: 'borealis', name: 'Borealis', reportDays: MON_FRI, private: false },
  // Mobile does not report on Thursdays: "today" is not one of its report days.
  { key: 'mobile', name: 'Mobile', reportDays: ['monday', 'wednesday', 'friday'], private: false },
  { key: 'core', name: 'Core', reportDays: ['monday', 'tuesday', 'wednesday', 'thursday'], private: true },
];

// Per team, in order: the quick history takes the first four of each. Two Sams (Atlas and Borealis), a
// shared surname (Rossi), accents, and one person known only by a lower-case handle (ivanp).
const PEOPLE = {
  atlas: [
    'Gina Rossi',
    'Tom Becker',
    'Céline Dubois',
    'Sam Okafor',
    'Ben Carter',
    'Priya Natarajan',
    'Aiko Tanaka',
    'Marcus Reed',
  ],
  borealis: [
    'José Martínez',
    'Sam Lindqvist',
    'Omar Haddad',
    'Elena Petrova',
    'Hannah Kim',
    'Noah Fischer',
    'Fatima Zahra',
    'Rafael Souza',
  ],
  mobile: [
    'Zoë Brandt',
    'Kwame Mensah',
    'Lucía Fernández',
    'ivanp',
    'Grace Liu',
    'Ahmed Saleh',
    'Nina Kowalski',
    'Oscar Lind',
  ],
  core: [
    'Björn Nilsson',
    'Maya Cohen',
    'Daniel Park',
    'Sofia Rossi',
    'Wei Zhang',
    'Leila Ahmadi',
    'Pedro Alves',
    'Ruth Abebe',
  ],
};
const ZONES = ['Europe/Paris', 'America/New_York', 'UTC', 'Europe/Madrid', 'America/Chicago'];

/** Plain ASCII of a name, for e-mail addresses and usernames. */
export const ascii = (text) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Blockers, each with the words a question can name it by; `mention` ones name a teammate. */
export const BLOCKER_TOPICS = {
  'vendor-keys': { text: 'Waiting for the vendor API keys from Acme', words: 'the vendor API keys' },
  'staging-db': { text: 'The staging database is down again', words: 'the staging database' },
  'flaky-ci': { text: 'Flaky integration tests keep failing on CI', words: 'the flaky integration tests' },
  'design-signoff': {
    text: 'Need sign-off from design on the checkout screens',
    words: 'the checkout screens',
  },
  waiting: { text: (first) => `Waiting on ${first} to approve the schema change`, mention: true },
};
export const DONE_TOPICS = {
  release: { text: (n) => `Shipped the 3.${n} release` },
  invoices: { text: () => 'Fixed the invoice export bug' },
  audit: { text: () => 'Finished the accessibility audit' },
};
export const PLAN_TOPICS = {
  onboarding: { text: 'Redesign the onboarding flow', words: 'the onboarding flow' },
  billing: { text: 'Start on the billing migration', words: 'the billing migration' },
  search: { text: 'Prototype the search ranking', words: 'the search ranking' },
};
// Filler shares no word stem with the topics, the themes or anyone's name.
const FILLER_DONE = [
  'Cleaned up logging in the sync worker',
  'Refactored the caching layer',
  'Updated the dashboard charts',
  'Chased a memory leak in the importer',
  'Improved error messages in the CLI',
  'Tidied the settings page layout',
];
const FILLER_PLANS = [
  'Continue the caching refactor',
  'Polish the dashboard charts',
  'Pair on the importer',
  'Write the quarterly notes',
  'Look into slow page loads',
];
const COMMENTS = ['Thanks, this helps', 'Good call on this one', 'Let me know if I can help', 'Nice one'];
export const MOOD_CHOICES = ['happy', 'focused', 'calm', 'tired', 'stressed', 'worried', 'excited', 'meh'];
export const ACTIVITY_KINDS = {
  github: 'Pushed 3 commits to pulse-web',
  github_pr: 'Opened pull request #412',
  jira: 'Moved PROJ-88 to In Progress',
  linear: 'Closed ENG-204',
  google_calendar: 'Team sync meeting',
  zendesk: 'Answered ticket 5512',
};
const GOALS = [
  { title: 'Launch the partner portal', team: 'atlas' },
  { title: 'Self-serve subscription changes', team: 'borealis' },
  { title: 'Offline mode for the app', team: 'mobile' },
  { title: 'Reach 99.9% uptime', team: 'core' },
  { title: 'Cut page load time in half', team: 'atlas' },
  { title: 'Partner analytics dashboard', team: 'borealis' },
  { title: 'Localize the app into Spanish', team: 'mobile' },
  { title: 'Zero-downtime deploys', team: 'core' },
];
/** Confidence is stored as one of three levels: off track (30), at risk (60) and on track (90). */
const CONFIDENCE_LEVELS = [30, 60, 90];
/** Each goal's last confidence; the quick history's four goals hold every level. */
const FINAL_CONFIDENCE = [90, 30, 60, 90, 60, 30, 90, 60];

/**
 * The history: `quick` is small (4 people a team, 28 days, 4 goals) for the test; the full one has 8 a
 * team, 60 days and 8 goals.
 */
export function generateHistory({ seed = 26, quick = false } = {}) {
  const random = randomFrom(seed);
  const perTeam = quick ? 4 : 8;
  const dayCount = quick ? 28 : 60;
  const days = Array.from({ length: dayCount }, (_, i) => addDays(TODAY, i - dayCount + 1));
  const teams = TEAMS.map((team) => ({ ...team }));

  const people = [];
  for (const team of teams) {
    for (const [index, name] of PEOPLE[team.key].slice(0, perTeam).entries()) {
      const handle = name.includes(' ')
        ? ascii(name)
            .toLowerCase()
            .replace(/^(\S+) (\S).*$/, '$1.$2')
        : name;
      people.push({
        key: handle,
        name,
        first: name.split(' ')[0],
        username: handle,
        email: `${handle}@example.com`,
        team: team.key,
        zone: ZONES[(people.length + index) % ZONES.length],
      });
    }
  }
  const admin = {
    key: 'dana.w',
    name: 'Dana Whitfield',
    username: 'dana.w',
    email: 'dana.w@example.com',
    zone: 'UTC',
  };
  const firstNameCount = new Map();
  for (const person of people) firstNameCount.set(person.first, (firstNameCount.get(person.first) ?? 0) + 1);
  /** People a check-in can mention by first name alone: capitalised and unique. */
  const mentionable = people.filter(
    (person) => firstNameCount.get(person.first) === 1 && /^\p{Lu}/u.test(person.first),
  );
  const teamOf = (key) => teams.find((team) => team.key === key);
  const reports = (team, date) => team.reportDays.includes(weekdayOf(date));

  // Holidays: one a team, on a report day; Borealis's falls on last week's Monday.
  const holidays = [];
  const lastMonday = addDays(TODAY, -((new Date(`${TODAY}T00:00:00Z`).getUTCDay() + 6) % 7) - 7);
  for (const team of teams) {
    const candidates = days.filter((date) => reports(team, date) && date < addDays(TODAY, -1));
    const date = team.key === 'borealis' ? lastMonday : random.pick(candidates);
    holidays.push({ team: team.key, date });
  }
  const onHoliday = (team, date) => holidays.some((h) => h.team === team && h.date === date);

  // Member absences: up to three report days a person; two people of Atlas and one of Core are out today.
  const absences = [];
  for (const person of people) {
    const team = teamOf(person.team);
    const candidates = days.filter((date) => reports(team, date) && !onHoliday(team.key, date));
    for (let n = random.int(0, 3); n > 0; n--) {
      const date = random.pick(candidates);
      if (!absences.some((a) => a.person === person.key && a.date === date))
        absences.push({ person: person.key, date });
    }
  }
  const firstOf = (team, n) => people.filter((p) => p.team === team)[n].key;
  for (const key of [firstOf('atlas', 2), firstOf('atlas', 3), firstOf('core', 0)]) {
    if (!absences.some((a) => a.person === key && a.date === TODAY))
      absences.push({ person: key, date: TODAY });
  }
  const isAbsent = (person, date) =>
    onHoliday(person.team, date) || absences.some((a) => a.person === person.key && a.date === date);

  const checkIns = [];
  const missing = [];
  const comments = [];
  const activities = [];
  let release = 0;
  for (const person of people) {
    const team = teamOf(person.team);
    const baseline = random.pick(MOOD_CHOICES);
    let episode; // the blocker being reported: { topic, mention, left }
    for (const date of days) {
      if (!reports(team, date) || isAbsent(person, date)) continue;
      const minute = random.int(0, 59);
      const at = `${date}T13:${String(minute).padStart(2, '0')}:00Z`;
      if (random.chance(0.1)) {
        const kind = random.pick(Object.keys(ACTIVITY_KINDS));
        activities.push({
          person: person.key,
          team: team.key,
          kind,
          date,
          at,
          description: ACTIVITY_KINDS[kind],
        });
      }
      if (date === TODAY ? random.chance(0.4) : random.chance(0.07)) {
        missing.push({ person: person.key, team: team.key, date });
        continue;
      }
      if (!episode && random.chance(0.06)) {
        const topic = random.pick(Object.keys(BLOCKER_TOPICS));
        const mention = BLOCKER_TOPICS[topic].mention
          ? random.pick(mentionable.filter((other) => other.key !== person.key))
          : undefined;
        episode = { topic, mention: mention?.key, left: random.int(1, 4), text: '' };
        episode.text = mention ? BLOCKER_TOPICS[topic].text(mention.first) : BLOCKER_TOPICS[topic].text;
      }
      let doneTopic;
      let previous = random.pick(FILLER_DONE);
      if (random.chance(0.07)) {
        doneTopic = random.pick(Object.keys(DONE_TOPICS));
        previous = `- ${DONE_TOPICS[doneTopic].text(++release)}\n- ${previous}`;
      }
      let planTopic;
      let intentions = random.pick(FILLER_PLANS);
      if (random.chance(0.08)) {
        planTopic = random.pick(Object.keys(PLAN_TOPICS));
        intentions = `${PLAN_TOPICS[planTopic].text}. ${intentions}`;
      }
      const checkIn = {
        person: person.key,
        team: team.key,
        date,
        at,
        previous,
        intentions,
        blockers: episode ? episode.text : 'None',
        blocked: Boolean(episode),
        blockerTopic: episode?.topic,
        mentions: episode?.mention ? [episode.mention] : [],
        doneTopic,
        planTopic,
        mood: random.chance(0.6) ? baseline : random.pick(MOOD_CHOICES),
      };
      checkIns.push(checkIn);
      if (episode && --episode.left === 0) episode = undefined;
      if (random.chance(0.12)) {
        const teammates = people.filter((p) => p.team === person.team && p.key !== person.key);
        comments.push({
          person: random.pick(teammates).key,
          checkIn: checkIns.length - 1,
          author: person.key,
          team: team.key,
          date,
          at: `${date}T14:${String(minute).padStart(2, '0')}:00Z`,
          body: random.pick(COMMENTS),
        });
      }
    }
  }

  // Goals: an update every 6 to 12 days, its confidence wandering a level at a time, ending on the goal's
  // final confidence.
  const goals = GOALS.slice(0, quick ? 4 : 8).map((goal, index) => {
    const members = people.filter((p) => p.team === goal.team);
    const owner = members[index < 4 ? 0 : 2].key;
    const updates = [];
    let level = random.int(1, 2);
    for (let day = random.int(0, 3); day < dayCount - 3; day += random.int(6, 12)) {
      level = Math.max(0, Math.min(2, level + random.int(-1, 1)));
      updates.push({ date: days[day], confidence: CONFIDENCE_LEVELS[level], progress: updates.length * 12 });
    }
    updates.push({
      date: days[dayCount - 1 - random.int(0, 2)],
      confidence: FINAL_CONFIDENCE[index],
      progress: updates.length * 12,
    });
    return { key: `goal-${index + 1}`, title: goal.title, team: goal.team, owner, updates };
  });

  const atlas = people.filter((p) => p.team === 'atlas');
  return {
    seed,
    quick,
    today: TODAY,
    now: NOW,
    days,
    teams,
    people,
    admin,
    // The askers: the administrator sees everything; Tom (Atlas) asks "I" and "my team" questions; José
    // (Borealis) is not a member of Core, a private team.
    askers: {
      admin: admin.key,
      member: atlas[1].key,
      outsider: people.find((p) => p.team === 'borealis').key,
    },
    holidays,
    absences,
    checkIns,
    missing,
    comments,
    activities,
    goals,
  };
}
