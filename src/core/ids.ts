// node:crypto is imported where an id is made, not at start-up: read-only commands never need it.

export async function newId(): Promise<string> {
  const { randomUUID } = await import('node:crypto');
  return randomUUID();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

// Fixed namespace for check-in ids: a person's check-in for a date has one id whether or not it has
// been stored yet, so check-ins behave as if pre-generated while the store creates them lazily.
const CHECK_IN_NAMESPACE = '6f1c2f4e-8a51-4d0e-9a63-2f5c1b7e9d40';

type Hash = typeof import('node:crypto').hash;

/** RFC 9562 version 5 (name-based, SHA-1) UUID. */
async function uuidV5(namespace: string, name: string): Promise<string> {
  const { hash } = await import('node:crypto');
  return uuidV5With(hash, namespace, name);
}

// The namespace's bytes followed by the name, hashed in one call: one buffer reused for every id (the
// seed generator makes millions) instead of a hash object and two buffers each.
const scratch = Buffer.alloc(1024);
let scratchNamespace = '';

/** uuidV5 with node:crypto's hash already loaded: for callers making many ids in a loop. */
function uuidV5With(hash: Hash, namespace: string, name: string): string {
  let data: Buffer;
  if (name.length * 3 <= scratch.length - 16) {
    if (namespace !== scratchNamespace) {
      Buffer.from(namespace.replaceAll('-', ''), 'hex').copy(scratch);
      scratchNamespace = namespace;
    }
    data = scratch.subarray(0, 16 + scratch.write(name, 16, 'utf8'));
  } else {
    data = Buffer.concat([Buffer.from(namespace.replaceAll('-', ''), 'hex'), Buffer.from(name, 'utf8')]);
  }
  const bytes = hash('sha1', data, 'buffer');
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function checkInId(personId: string, date: string): Promise<string> {
  return uuidV5(CHECK_IN_NAMESPACE, `${personId.toLowerCase()}/${date}`);
}

/** checkInId, synchronously, given node:crypto's hash (the seed generator makes millions). */
export function checkInIdWith(hash: Hash, personId: string, date: string): string {
  return uuidV5With(hash, CHECK_IN_NAMESPACE, `${personId.toLowerCase()}/${date}`);
}

// Reports are not stored: a team's report for a date has this id, derived like a check-in's.
const REPORT_NAMESPACE = '2b8e0c57-3f4a-4c1e-8d2b-7a9f6e5d4c31';

export function reportId(teamId: string, date: string): Promise<string> {
  return uuidV5(REPORT_NAMESPACE, `${teamId.toLowerCase()}/${date}`);
}
