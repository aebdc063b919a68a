/** How many items a page of a list holds: per_page's default and its largest value. */
export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 50;

/**
 * The largest page of v1's absence lists (a pulse extension, like the lists): a nightly HR job reads what
 * is set in a request or two before it sends only the changes.
 */
export const MAX_ABSENCE_PAGE = 500;
