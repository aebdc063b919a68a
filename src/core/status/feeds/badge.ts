/**
 * The status badge (/status/badge.svg): a shields.io "flat" SVG, a grey label and the state in its colour,
 * for READMEs and dashboards. Widths come from a table of Verdana 11px advances, as shields measures, so
 * no font is needed on the server. Pure: the same state makes the same bytes.
 */
import type { ComponentState } from '../types.js';
import { xmlText } from './xml.js';

export interface Badge {
  label: string;
  message: string;
  /** The message's background, #rrggbb. */
  colour: string;
}

export const BADGE_COLOURS: Record<ComponentState, string> = {
  operational: '#4c1',
  degraded: '#fe7d37',
  under_maintenance: '#007ec6',
};
/** A badge that names nothing known (an unknown component). */
export const UNKNOWN_COLOUR = '#9f9f9f';
const LABEL_COLOUR = '#555';

/** The badge of a state: the page's ("status") or a component's (its name). */
export function stateBadge(label: string, state: ComponentState): Badge {
  return { label, message: state.replace(/_/g, ' '), colour: BADGE_COLOURS[state] };
}

/** Verdana 11px advance widths (px) of printable ASCII, from space (0x20) to tilde (0x7e). */
const ADVANCES = [
  3.87, 4.33, 5.05, 9.0, 6.99, 11.84, 7.99, 2.95, 4.99, 4.99, 6.99, 9.0, 4.0, 4.99, 4.0, 4.99, 6.99, 6.99,
  6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 4.99, 4.99, 9.0, 9.0, 9.0, 6.0, 11.0, 7.52, 7.54, 7.68,
  8.48, 6.96, 6.32, 8.53, 8.27, 4.62, 4.99, 7.62, 6.12, 9.27, 8.23, 8.66, 6.63, 8.66, 7.65, 7.52, 6.78, 8.05,
  7.52, 10.88, 7.54, 6.77, 7.54, 4.99, 4.99, 4.99, 9.0, 6.99, 6.99, 6.61, 6.85, 5.73, 6.85, 6.55, 3.87, 6.85,
  6.96, 3.02, 3.79, 6.51, 3.02, 10.7, 6.96, 6.68, 6.85, 6.85, 4.69, 5.73, 4.33, 6.96, 6.51, 8.98, 6.51, 6.51,
  5.78, 6.98, 4.99, 6.98, 9.0,
];
/** Anything outside the table: about a wide Latin letter, so text never overflows its box by much. */
const OTHER_ADVANCE = 8.5;

/** The width of a text in Verdana 11px, in px. */
export function textWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    width += ADVANCES[code - 0x20] ?? OTHER_ADVANCE;
  }
  return width;
}

const PADDING = 5;

export function renderBadge({ label, message, colour }: Badge): string {
  const labelText = Math.round(textWidth(label) * 10) / 10;
  const messageText = Math.round(textWidth(message) * 10) / 10;
  const labelWidth = Math.ceil(labelText + 2 * PADDING);
  const messageWidth = Math.ceil(messageText + 2 * PADDING);
  const width = labelWidth + messageWidth;
  const said = xmlText(`${label}: ${message}`);
  // Text is drawn at ten times the size and scaled down, as shields does, for sub-pixel positions.
  const text = (value: string, centre: number, length: number) => {
    const x = Math.round(centre * 10);
    const textLength = Math.round(length * 10);
    const escaped = xmlText(value);
    return (
      `<text aria-hidden="true" x="${x}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="${textLength}">${escaped}</text>` +
      `<text x="${x}" y="140" transform="scale(.1)" fill="#fff" textLength="${textLength}">${escaped}</text>`
    );
  };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${said}">` +
    `<title>${said}</title>` +
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>' +
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>` +
    '<g clip-path="url(#r)">' +
    `<rect width="${labelWidth}" height="20" fill="${LABEL_COLOUR}"/>` +
    `<rect x="${labelWidth}" width="${messageWidth}" height="20" fill="${colour}"/>` +
    `<rect width="${width}" height="20" fill="url(#s)"/>` +
    '</g>' +
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">' +
    text(label, labelWidth / 2, labelText) +
    text(message, labelWidth + messageWidth / 2, messageText) +
    '</g></svg>'
  );
}
