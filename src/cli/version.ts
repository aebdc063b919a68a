declare const __PULSE_VERSION__: string;

/** Set from package.json at build time (scripts/build.mjs). */
export const VERSION = typeof __PULSE_VERSION__ === 'string' ? __PULSE_VERSION__ : '0.0.0-dev';
