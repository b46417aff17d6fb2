/**
 * Imported first by everything that loads Pact: Pact's native core reports
 * usage over the internet unless told not to, and nothing here may call out.
 */
process.env.PACT_DO_NOT_TRACK = 'true';

/** Pact's own log level: warnings and errors only, so test output stays readable. */
export const PACT_LOG_LEVEL = 'warn' as const;
