/** Names and places shared by the consumer tests, the provider verification and the verifier script. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The consumer: a configuration frontend built on the typed client. */
export const CONSUMER = 'voice-config-frontend';
/** The provider: the configuration API (the real service, or this mock). */
export const PROVIDER = 'voice-config-api';

/** The committed pact files (found from the source and from its build under dist/ alike). */
export const PACTS_DIR = findPactsDir(dirname(fileURLToPath(import.meta.url)));
export const PACT_FILE = join(PACTS_DIR, `${CONSUMER}-${PROVIDER}.json`);

function findPactsDir(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'contracts', 'pacts');
    if (existsSync(candidate)) return candidate;
  }
  return join(from, '..', 'pacts');
}

/**
 * The token the consumer sends in the pacts. A verifier replaces it with a
 * token of the provider under test; any other Authorization value (an
 * invalid token) and a missing header are sent as they are.
 */
export const PACT_TOKEN = 'demo-token';
