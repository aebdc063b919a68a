/** How the tables store booleans: 0/1 integers. */
export const bool = (value: number) => value !== 0;
export const flag = (value: boolean) => (value ? 1 : 0);
