/**
 * Whether a store's location names a PostgreSQL database rather than a SQLite file. Its own module, with
 * no import, so a local command deciding where its store is never loads the PostgreSQL code (start-up).
 */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** The address as it may be shown (messages, logs): without its password. */
export function withoutPassword(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = '***';
    return url.href;
  } catch {
    return 'the PostgreSQL database';
  }
}

/** A message (an error's) with the address's password taken out, wherever it appears. */
export function withoutPasswordIn(message: string, location: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(location).password);
  } catch {}
  const safe = password
    ? message.split(location).join(withoutPassword(location)).split(password).join('***')
    : message;
  return safe;
}
