/** `pulse admin seed`: fills a new local store with a generated team history, for benchmarks and demos. */
import { type SeedSpec, seedSpecErrors } from '../../../core/seed/generate.js';
import { dateIn } from '../../../core/time.js';
import { isPostgresUrl } from '../../../store/database-url.js';
import type { CommandContext } from '../../command-context.js';
import { UsageError } from '../../errors.js';
import { progressBar } from '../../progress.js';

export interface SeedOptions {
  people: string;
  days: string;
  teams?: string;
  seed?: string;
}

// A team for every hundred people unless --teams says otherwise.
const PEOPLE_PER_TEAM = 100;

const wholeNumber = (value: string) => (/^\d+$/.test(value) ? Number(value) : Number.NaN);

/** Prints the administrator's id on stdout; on stderr what was written, how long it took and the rate. */
export async function seed(cc: CommandContext, options: SeedOptions): Promise<void> {
  const people = wholeNumber(options.people);
  const spec: Omit<SeedSpec, 'today'> = {
    people,
    days: wholeNumber(options.days),
    teams:
      options.teams === undefined
        ? // A bad --people is reported alone, not again as a bad --teams the person never gave.
          Math.max(1, Math.ceil((people || 1) / PEOPLE_PER_TEAM))
        : wholeNumber(options.teams),
    seed: options.seed === undefined ? 1 : wholeNumber(options.seed),
  };
  const errors = seedSpecErrors(spec);
  if (errors.length > 0) throw new UsageError(errors.join('; '));
  if (cc.settings.storePath === ':memory:')
    throw new UsageError('seed needs a store file: give --store PATH');
  if (isPostgresUrl(cc.settings.storePath))
    throw new UsageError(
      'seed writes SQLite store files only: seed a file, then copy it with pulse admin migrate --from FILE --to URL',
    );
  const store = await cc.backends.operator();
  const started = cc.ctx.clock.now().getTime();
  const bar = progressBar(cc.ctx.streams.stderr, spec.days, { label: 'days' });
  const summary = await store
    .seed({ ...spec, today: dateIn('UTC', cc.ctx.clock.now()) }, () => bar.tick())
    .finally(() => bar.done());
  const seconds = Math.max(0.001, (cc.ctx.clock.now().getTime() - started) / 1000);
  cc.out.line(summary.administratorId);
  const count = (n: number) => n.toLocaleString('en');
  cc.out.note(
    `Seeded ${cc.settings.storePath}: ${count(summary.people)} people in ${count(summary.teams)} teams, ` +
      `${count(summary.checkIns)} check-ins, ${count(summary.absences)} absences, ${count(summary.goals)} goals ` +
      `with ${count(summary.goalUpdates)} updates, ${count(summary.activities)} activities, ` +
      `${count(summary.comments)} comments, ${count(summary.digestEntries)} digest entries, ` +
      `${count(summary.notices)} status notices.\n` +
      `Took ${seconds.toFixed(1)} s (${count(Math.round(summary.checkIns / seconds))} check-ins/s). ` +
      `Commands act as the administrator, ${summary.administratorEmail}.`,
  );
}
