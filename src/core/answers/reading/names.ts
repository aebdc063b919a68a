/**
 * People and teams a prompt names: @handles, full names, usernames, first or last names alone when they
 * name one person, in any case and without accents, and one typo in a name of five letters or more when
 * it fits one person only. A person named as the object of "waiting on", "mentioned", "about"... while
 * someone else is the subject is mentioned, not an author.
 */
import { firstAndLast, nameWords, withinOneEdit } from '../../person-names.js';
import type { PersonRow, TeamRow } from '../../repository.js';
import { escapeRegExp, fold, type Text, WORD_END, WORD_START } from './text.js';
import { isPlainWord, NAME_WORDS } from './words.js';

/** What the reader needs of a person: a stored row, or the Person a client gets from the Service. */
export type ReadablePerson = Pick<PersonRow, 'id' | 'name' | 'username'> &
  Partial<Pick<PersonRow, 'first_name' | 'last_name'>>;
/** What the reader needs of a team. */
export type ReadableTeam = Pick<TeamRow, 'id' | 'name'>;

interface Found<P> {
  person: P;
  /** Where the name starts in the prompt. */
  index: number;
}

export interface NamesContext<P extends ReadablePerson, T extends ReadableTeam> {
  asker: P;
  people: P[];
  teams: T[];
}

const FUZZY_MIN_LENGTH = 5;

export class NameReader<P extends ReadablePerson, T extends ReadableTeam> {
  private readonly found: Found<P>[] = [];
  private readonly foundTeams: { team: T; index: number }[] = [];
  /** Words that are a name of one person only, and who. */
  private readonly single = new Map<string, P>();

  constructor(
    private readonly text: Text,
    private readonly context: NamesContext<P, T>,
  ) {
    const owners = new Map<string, Set<P>>();
    for (const person of context.people) {
      for (const word of [...firstAndLast(person), fold(person.username)]) {
        owners.set(word, (owners.get(word) ?? new Set()).add(person));
      }
    }
    for (const [word, people] of owners) {
      if (people.size === 1) this.single.set(word, [...people][0] as P);
    }
  }

  private add(person: P, index: number): void {
    this.found.push({ person, index });
  }

  /** Handles, full names, teams, single names and the asker, exactly (up to case and accents). */
  readExact(): void {
    const { text, context } = this;
    const byUsername = new Map(context.people.map((person) => [fold(person.username), person]));
    for (const match of text.takeAll(/@([\p{L}\p{N}._-]+)/u)) {
      const person = byUsername.get((match[1] as string).replace(/[._-]+$/, ''));
      if (person) this.add(person, match.index);
      else text.leftover.push(match[1] as string); // an unknown handle is a search word
    }
    const longestFirst = [...context.people].sort((a, b) => b.name.length - a.name.length);
    for (const person of longestFirst) {
      const words = nameWords(person);
      // A one-word name is read with the single names; most names are not in the prompt at all.
      if (words.length < 2 || !words.every((word) => text.lower.includes(word))) continue;
      const name = words.map(escapeRegExp).join('[\\s-]+');
      const pattern = new RegExp(`${WORD_START}${name}(?:'s)?${WORD_END}`, 'u');
      for (let match = text.take(pattern); match; match = text.take(pattern)) this.add(person, match.index);
    }
    this.readTeams();
    for (const { word, index } of text.words()) {
      const bare = word.replace(/'s$/, '');
      const person = this.single.get(bare);
      if (!person) continue;
      if (NAME_WORDS.has(bare) || isPlainWord(bare)) {
        // "will" is a verb: only "Will", and not as the first word ("Will Ben ship it?").
        const written = text.original.slice(index, index + bare.length);
        if (!/^\p{Lu}/u.test(written) || text.source.slice(0, index).trim() === '') continue;
      }
      text.blank(index, word.length);
      this.add(person, index);
    }
    // "my team" is the asker's teams, the default; "I", "me" and "my" alone are the asker.
    text.takeAll(
      /\b(?:my|our|the) (?:teams?|teammates?|colleagues?|team members?|people|reports|direct reports)\b/,
    );
    text.takeAll(/\b(?:tell|show|give|let|help|remind) me\b/);
    for (const match of text.takeAll(/(?<![\p{L}'/])(?:i|me|my|myself|mine|i'm|i've)(?![\p{L}'/])/u)) {
      this.add(context.asker, match.index);
    }
  }

  private readTeams(): void {
    const { text } = this;
    for (const team of [...this.context.teams].sort((a, b) => b.name.length - a.name.length)) {
      const folded = fold(team.name);
      if (!folded.split(' ').every((word) => text.lower.includes(word))) continue;
      const name = escapeRegExp(folded).replace(/\\? /g, '\\s+');
      const pattern = new RegExp(
        `${WORD_START}(?:(?:the )?${name}(?:'s)? teams?|teams? ${name}|${name}(?:'s)?)${WORD_END}`,
        'u',
      );
      for (const match of text.takeAll(pattern)) this.foundTeams.push({ team, index: match.index });
    }
  }

  /** One typo in a name of five letters or more, when the word fits one person or team only. */
  readTypos(): void {
    const { text } = this;
    for (const { word, index } of text.words()) {
      const bare = word.replace(/'s$/, '');
      if (bare.length < FUZZY_MIN_LENGTH || isPlainWord(bare)) continue;
      const people = new Set<P>();
      for (const [name, person] of this.single) {
        if (name.length >= FUZZY_MIN_LENGTH && withinOneEdit(bare, name)) people.add(person);
      }
      const teams = this.context.teams.filter((team) => {
        const name = fold(team.name);
        return name.length >= FUZZY_MIN_LENGTH && !name.includes(' ') && withinOneEdit(bare, name);
      });
      if (people.size + teams.length !== 1) continue;
      text.blank(index, word.length);
      const [person] = people;
      if (person) this.add(person, index);
      else this.foundTeams.push({ team: teams[0] as T, index });
    }
  }

  /** The teams named, in the order the prompt names them. */
  get teams(): T[] {
    const ordered = [...this.foundTeams].sort((a, b) => a.index - b.index).map((found) => found.team);
    return [...new Set(ordered)];
  }

  /** The people named, split into authors and people mentioned. */
  people(): { people: P[]; mentioned: P[] } {
    const source = this.text.source;
    const objects = this.found.filter((found) => isObject(source, found.index, 'strong'));
    const weak = this.found.filter(
      (found) => !objects.includes(found) && isObject(source, found.index, 'weak'),
    );
    const subjects = this.found.filter((found) => !objects.includes(found) && !weak.includes(found));
    // "about Gina" is a mention only when someone else is asked about: "Who talked to Gina?".
    const otherSubject = subjects.length > 0 || SUBJECT_WORDS.test(source);
    const mentionedFound = [...objects, ...(otherSubject ? weak : [])];
    const authorsFound = otherSubject ? subjects : [...subjects, ...weak];
    const unique = (list: Found<P>[]) => [
      ...new Map(list.map((found) => [found.person.id, found.person])).values(),
    ];
    const mentioned = unique(mentionedFound.sort((a, b) => a.index - b.index));
    const people = unique(authorsFound.sort((a, b) => a.index - b.index)).filter(
      (person) => !mentioned.includes(person),
    );
    return { people, mentioned };
  }
}

/** Words that are the subject of a question about someone else: "Who", "anyone", "how many people". */
const SUBJECT_WORDS =
  /\b(?:who|whom|whose|anyone|anybody|someone|somebody|everyone|everybody|people|nobody|no one|how many|which (?:people|person|members?|teammates?)|the team|we|teammates?|folks)\b/;
const STRONG_MARKER =
  /(?:\bmention(?:ed|s|ing)?|\bwait(?:s|ing|ed)? (?:on|for)|\bblock(?:ed|ing)? (?:by|on)|\bheld up by|\bdepend(?:s|ing|ent|ed)? on|\bping(?:ed|s)?|\bthank(?:ed|s)?|\bhelp(?:ed|s|ing)?|\bpraised|\btagged|\breferred to|\b(?:talk|talked|talking|said|say|says|wrote|write|writing|asked|ask|heard|complained|complaining) (?:about|to|with))\s+$/;
const WEAK_MARKER = /\b(?:on|for|with|about|to|by|regarding|re|cc)\s+$/;

function isObject(source: string, index: number, strength: 'strong' | 'weak'): boolean {
  const before = source.slice(Math.max(0, index - 40), index);
  return (strength === 'strong' ? STRONG_MARKER : WEAK_MARKER).test(before);
}
