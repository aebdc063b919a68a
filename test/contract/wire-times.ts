/**
 * The property every response of the contract suite keeps: each date-time is written to the whole second
 * (`2026-11-26T01:53:35Z`), as the real services write them, so strict ISO 8601 decoders (Swift's
 * `.iso8601`, for one) read every document. The World's services are wrapped so that each answer of each
 * scenario is checked, on every target, without the scenarios asking.
 */
import type { World } from './targets.js';

/** What the real services write: seconds, no fraction, a zone. */
export const WIRE_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

/** A string a client would read as a date-time (a calendar date followed by a time). */
const DATE_TIME_LIKE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The paths (`listGoals().data[0].created_at`) of the date-times in `value` not written to the second. */
export function fractionalTimes(value: unknown, path: string): string[] {
  if (typeof value === 'string')
    return DATE_TIME_LIKE.test(value) && !WIRE_DATE_TIME.test(value) ? [`${path} = ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => fractionalTimes(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => fractionalTimes(item, `${path}.${key}`));
  return [];
}

/** The service, each of whose answers is checked before the scenario sees it. */
function checkingAnswers<T extends object>(service: T, name: string): T {
  return new Proxy(service, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== 'function' || property === 'close') return member;
      const check = (answer: unknown) => {
        const bad = fractionalTimes(answer, `${name}.${String(property)}()`);
        if (bad.length > 0) throw new Error(`date-times not written to the whole second:\n${bad.join('\n')}`);
        return answer;
      };
      return (...args: unknown[]) => {
        const answer: unknown = member.apply(target, args);
        // A walk (walkCheckIns) answers batch by batch: each batch is checked as it comes.
        if (isAsyncIterable(answer)) return checkedBatches(answer, check);
        return Promise.resolve(answer).then(check);
      };
    },
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

async function* checkedBatches(batches: AsyncIterable<unknown>, check: (answer: unknown) => unknown) {
  for await (const batch of batches) yield check(batch);
}

/** The World, its services' answers checked. */
export function checkingWireTimes(world: World): World {
  return {
    ...world,
    as: (person) => checkingAnswers(world.as(person), person),
    team: async (team) => checkingAnswers(await world.team(team), `team(${team})`),
    status: () => checkingAnswers(world.status(), 'status'),
    close: () => world.close(),
  };
}
