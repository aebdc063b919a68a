/** How many items a page of a list holds: per_page's default and its largest value. */
export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 50;
