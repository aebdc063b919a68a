/** Help wording shared by flags and error messages; dependency-free so the command tree stays light. */
export const DATE_HELP =
  'YYYY-MM-DD, today, yesterday, tomorrow or a weekday name (its most recent one, today included)';
