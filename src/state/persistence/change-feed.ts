/**
 * Every change to what the state file holds (records, organizations, the
 * telephony provider's configurations), as it happens, as one line of the
 * change log. The feed subscribes to the mock state's change stream
 * (src/state/changes.ts), so every path that changes state is logged: a
 * change the log missed would be a change lost at the next kill.
 */
import { z } from '@hono/zod-openapi';
import { resourceKinds } from '../../domain/resources/index.js';
import { trunkConfigurationSchema } from '../../domain/telephony.js';
import type { MockState } from '../mock-state.js';

const orgId = z.string().min(1);
const kind = z.enum(resourceKinds);

/**
 * One change, in the order it happened; replaying them in order gives the
 * same state (src/state/persistence/replay.ts). Checked loosely when read back:
 * the replayed state then goes through every check a snapshot gets.
 */
export const changeSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('put'), orgId, kind, record: z.looseObject({ id: z.string().min(1) }) }),
  z.strictObject({ op: z.literal('remove'), orgId, kind, id: z.string() }),
  z.strictObject({ op: z.literal('clear'), orgId }),
  z.strictObject({ op: z.literal('tenant'), organization: z.looseObject({ id: orgId, name: z.string(), token: z.string() }) }),
  z.strictObject({ op: z.literal('untenant'), id: orgId }),
  z.strictObject({ op: z.literal('tenants-clear') }),
  z.strictObject({ op: z.literal('configure'), configuration: trunkConfigurationSchema }),
  z.strictObject({ op: z.literal('unconfigure'), trunkId: z.string() }),
  z.strictObject({ op: z.literal('telephony-clear'), orgId: orgId.optional() }),
]);
/** A change as the log gives it back (replay.ts applies it). */
export type LoggedChange = z.infer<typeof changeSchema>;

/**
 * Calls `note` after each change the mock state makes, with the change already
 * serialized (JSON text): a record is frozen, but an organization or a
 * configuration object could be changed later, and the log must hold it as
 * it was. Returns a function that stops listening.
 */
export function watchChanges(mockState: MockState, note: (json: string) => void): () => void {
  return mockState.changes.subscribe((change) => note(JSON.stringify(change)));
}
