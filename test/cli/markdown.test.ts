/** Markdown rendered for a terminal (src/cli/markdown.ts), exactly, with colour off and on. */
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/cli/markdown.js';

const plain = new Chalk({ level: 0 });
const colour = new Chalk({ level: 1 });

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists, quotes, code, rules and tables as plain text without colour', async () => {
    const markdown = [
      '# Title &amp; more',
      '',
      'Some *emphasis*, **strong**, `code` and ~~gone~~, a [link](https://example.com/a) and',
      '<https://example.com/b>, a soft break.  ',
      'A hard break.',
      '',
      '- one',
      '- two with a long line that wraps under its own text, not under the bullet',
      '  - nested',
      '- [x] done',
      '- [ ] to do',
      '',
      '1. first',
      '',
      '   its second paragraph',
      '',
      '2. second',
      '',
      '> quoted **text**',
      '>',
      '> second paragraph',
      '',
      '```',
      'code block',
      '  indented',
      '```',
      '',
      '---',
      '',
      '| Name | Count |',
      '| --- | --- |',
      '| Ana | 1 |',
      '',
      'Mail foo@example.com ![diagram](https://example.com/d.png)',
    ].join('\n');
    expect(await renderMarkdown(markdown, { style: plain, width: 40 })).toBe(
      [
        'Title & more',
        '',
        'Some emphasis, strong, code and gone, a',
        'link <https://example.com/a> and',
        'https://example.com/b, a soft break.',
        'A hard break.',
        '',
        '• one',
        '• two with a long line that wraps under',
        '  its own text, not under the bullet',
        '  ◦ nested',
        '• [x] done',
        '• [ ] to do',
        '',
        '1. first',
        '',
        '   its second paragraph',
        '',
        '2. second',
        '',
        '│ quoted text',
        '│',
        '│ second paragraph',
        '',
        '    code block',
        '      indented',
        '',
        '────────────────────────────────────────',
        '',
        'Name  Count',
        'Ana   1',
        '',
        'Mail foo@example.com [image: diagram]',
        '<https://example.com/d.png>',
      ].join('\n'),
    );
  });

  it('shows a numbered citation as its number when its address is printed in full elsewhere', async () => {
    const markdown = [
      '- Mon: "waiting on CI" ([1](https://x.test/1)), see also [2](https://x.test/2)',
      '',
      '### Sources',
      '',
      "1. [Ana's check-in](https://x.test/1)",
    ].join('\n');
    expect(await renderMarkdown(markdown, { style: plain, width: 100 })).toBe(
      [
        '• Mon: "waiting on CI" (1), see also 2 <https://x.test/2>',
        '',
        'Sources',
        '',
        "1. Ana's check-in <https://x.test/1>",
      ].join('\n'),
    );
  });

  it("shows a pulse item's v2 address as the command that shows the item, any other address as it is", async () => {
    const id = '0a150000-0000-4000-8000-000000000003';
    const markdown = [
      `- blocked ([1](http://127.0.0.1:8080/api/v2/check-ins/${id})), see [the goal](https://pulse.example.com/base/api/v2/goals/${id})`,
      `- <https://pulse.example.com/api/v2/goal-updates/${id.toUpperCase()}> and [the list](https://pulse.example.com/api/v2/goals)`,
      `- [an answer](https://pulse.example.com/api/v2/echo/answers/${id}), [elsewhere](https://x.test/api/v3/goals/${id})`,
      '',
      '### Sources',
      '',
      `1. [Ana's check-in](http://127.0.0.1:8080/api/v2/check-ins/${id})`,
    ].join('\n');
    expect(await renderMarkdown(markdown, { style: plain, width: 200 })).toBe(
      [
        `• blocked (1), see the goal <pulse goal view ${id}>`,
        `• pulse goal update view ${id} and the list <https://pulse.example.com/api/v2/goals>`,
        `• an answer <pulse echo answer view ${id}>, elsewhere <https://x.test/api/v3/goals/${id}>`,
        '',
        'Sources',
        '',
        `1. Ana's check-in <pulse checkin view ${id}>`,
      ].join('\n'),
    );
  });

  it('styles with the colour it is given: bold headings, underlined links with dim addresses', async () => {
    expect(await renderMarkdown('## Heading\n\n- **a** [l](http://x.test) `c`', { style: colour })).toBe(
      '\u001b[1mHeading\u001b[22m\n\n• \u001b[1ma\u001b[22m \u001b[4ml\u001b[24m \u001b[2m<http://x.test>\u001b[22m \u001b[36mc\u001b[39m',
    );
  });

  it('wraps by what is visible (escape codes take no room) and never breaks a word', async () => {
    const rendered = await renderMarkdown(
      `**${'a'.repeat(15)}** ${'b'.repeat(15)} https://example.com/${'c'.repeat(30)}`,
      {
        style: colour,
        width: 32,
      },
    );
    expect(rendered.split('\n')).toEqual([
      `\u001b[1m${'a'.repeat(15)}\u001b[22m ${'b'.repeat(15)}`,
      `\u001b[4mhttps://example.com/${'c'.repeat(30)}\u001b[24m`,
    ]);
  });
});
