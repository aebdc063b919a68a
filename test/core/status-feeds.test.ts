/** The status feeds' pure parts: iCalendar folding and escaping at their edges, and the badge's measures. */
import { describe, expect, it } from 'vitest';
import { renderBadge, stateBadge, textWidth } from '../../src/core/status/feeds/badge.js';
import { foldLine, icsText, icsTime } from '../../src/core/status/feeds/ics.js';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('iCalendar lines', () => {
  it('keeps a line of exactly 75 octets whole and folds the 76th onto a continuation', () => {
    const exact = `SUMMARY:${'x'.repeat(67)}`;
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine(`${exact}y`)).toBe(`${exact}\r\n y`);
  });

  it('moves a character that would cross the 75th octet whole onto the next line', () => {
    // 73 octets, then a 4-octet emoji that would end at octet 77.
    const line = `SUMMARY:${'x'.repeat(65)}🚀z`;
    expect(foldLine(line).split('\r\n')).toEqual([`SUMMARY:${'x'.repeat(65)}`, ' 🚀z']);
  });

  it('counts the continuation space: every physical line holds at most 75 octets', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(200)}`).split('\r\n');
    expect(folded.map(octets).every((size) => size <= 75)).toBe(true);
    expect(folded.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    // Whole 2-octet characters: the first line 12 + 62 (31 of them), continuations 1 + 74 (37), the rest 1 + 42.
    expect(folded.map(octets)).toEqual([74, 75, 75, 75, 75, 43]);
    expect(folded.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(
      `DESCRIPTION:${'é'.repeat(200)}`,
    );
  });

  it('escapes backslash, semicolon, comma and every kind of line end in TEXT', () => {
    expect(icsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(icsText('tab\tkept, bell\u0007 dropped')).toBe('tab\tkept\\, bell dropped');
  });

  it('writes wire times as UTC DATE-TIMEs', () => {
    expect(icsTime('2026-11-23T10:04:05Z')).toBe('20261123T100405Z');
  });
});

describe('the badge', () => {
  it('measures text by a table of Verdana widths, wider for wider letters', () => {
    expect(textWidth('status')).toBeCloseTo(33.69, 2);
    expect(textWidth('iiii')).toBeLessThan(textWidth('WWWW'));
    // Outside the table (here a CJK character), a wide letter's width.
    expect(textWidth('数')).toBe(8.5);
  });

  it('escapes the label and message, and says them in its title and aria-label', () => {
    const svg = renderBadge({ label: 'A & <B>', message: 'degraded', colour: '#fe7d37' });
    expect(svg).toContain('aria-label="A &amp; &lt;B&gt;: degraded"');
    expect(svg).toContain('<title>A &amp; &lt;B&gt;: degraded</title>');
    expect(svg).not.toContain('<B>');
  });

  it('names each state in words', () => {
    expect(stateBadge('status', 'under_maintenance')).toEqual({
      label: 'status',
      message: 'under maintenance',
      colour: '#007ec6',
    });
  });
});
