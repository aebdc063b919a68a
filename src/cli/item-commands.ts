/**
 * The command that shows an item, for a person to run where a program would follow the item's v2
 * address: in local mode that address points nowhere, and remotely it answers JSON, and no deployment has
 * a human page of these items (decisions.md, "Links for people are commands").
 */

/** The command that shows an item of each v2 collection. */
const VIEW_COMMANDS = {
  'check-ins': 'pulse checkin view',
  goals: 'pulse goal view',
  'goal-updates': 'pulse goal update view',
  activities: 'pulse activity view',
  'echo/questions': 'pulse echo view',
  'echo/answers': 'pulse echo answer view',
  asks: 'pulse ask view',
  people: 'pulse people view',
  teams: 'pulse team view',
} as const;

export type Collection = keyof typeof VIEW_COMMANDS;

const isCollection = (name: string): name is Collection => Object.hasOwn(VIEW_COMMANDS, name);

/** The command that shows the item `id` of a v2 collection: `pulse checkin view ID`. */
export function viewCommand(collection: Collection, id: string): string {
  return `${VIEW_COMMANDS[collection]} ${id}`;
}

const ITEM_ADDRESS =
  /^https?:\/\/[^/?#]+(?:\/[^?#]*)?\/api\/v2\/(check-ins|goals|goal-updates|activities|echo\/questions|echo\/answers|asks|people|teams)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The command that shows the item a v2 address names (`pulse checkin view ID` for
 * `https://pulse.example.com/api/v2/check-ins/ID`), or undefined for any other address. Any host: the
 * public URL an item's address was written with is not always the one the CLI talks to.
 */
export function viewCommandOfAddress(address: string): string | undefined {
  const match = ITEM_ADDRESS.exec(address);
  if (!match) return undefined;
  const [, collection = '', id = ''] = match;
  const name = collection.toLowerCase();
  return isCollection(name) ? viewCommand(name, id.toLowerCase()) : undefined;
}
