/** Names and places shared by the consumer tests, the provider verification and the verifier script. */
import { fileURLToPath } from 'node:url';

/** The consumer: a configuration frontend built on the typed client. */
export const CONSUMER = 'voice-config-frontend';
/** The provider: the configuration API (the real service, or this mock). */
export const PROVIDER = 'voice-config-api';

/** The committed pact files. */
export const PACTS_DIR = fileURLToPath(new URL('../pacts/', import.meta.url));
export const PACT_FILE = `${PACTS_DIR}${CONSUMER}-${PROVIDER}.json`;

/**
 * The token the consumer sends in the pacts. A verifier replaces it with a
 * token of the provider under test; any other Authorization value (an
 * invalid token) and a missing header are sent as they are.
 */
export const PACT_TOKEN = 'demo-token';
