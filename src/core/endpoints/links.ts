/** Reading the RFC 8288 Link header of a page (the server writes it: server/http.ts linkHeader). */

/** The URL of rel="next" in a Link header, if any. */
export function nextLink(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (!value) return undefined;
  for (const part of value.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /rel="?([^";]*\s)?next(\s[^";]*)?"?/.test(match[2] as string)) return match[1];
  }
  return undefined;
}
