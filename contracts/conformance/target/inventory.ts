/**
 * Before the probes: what each list holds (the kit never touches those ids),
 * and one record of each kind created, so that the checks that read a list
 * find one there even on a target whose lists start empty.
 */
import type { Inventory, SuiteContext } from '../context.js';
import { idKey, idsOf, idsReadable, isPlainObject } from '../matchers.js';
import { resourceFacts } from '../resources.js';
import { claimCreated, createRecord, variedFields, withReferences } from './creating.js';
import { isSuccess, send } from './http.js';
import { runUnique } from './unique-values.js';

/**
 * Reads every list with each token. A list read in part (not whole, or with items whose id the kit cannot read)
 * keeps the ids it showed, and is marked not whole: those ids are still never touched, and no other id is taken
 * for new on the strength of it (creating.ts).
 */
export async function takeInventory(ctx: SuiteContext): Promise<void> {
  const tokens = ctx.target.token2 === undefined ? (['token'] as const) : (['token', 'token2'] as const);
  for (const { path } of resourceFacts) {
    const inventory: Inventory = { ids: new Set<string>(), whole: true };
    for (const credentials of tokens) {
      try {
        const quiet = async (spec: Parameters<typeof send>[1]) => (await send(ctx.target, spec, ctx.signal)).reply;
        // The whole list, every page: an id on a page not read would be taken for new, and deleted.
        const read = await ctx.adapter.list(quiet, path, credentials);
        // Items without an id the kit reads (bare id strings) hide which ids are there: the inventory is not whole.
        if (read.items === undefined || !read.whole || !idsReadable(read.items)) inventory.whole = false;
        for (const id of idsOf(read.items)) inventory.ids.add(idKey(id));
      } catch {
        // No answer: the target may hang, so the lists left stay unread (nothing is told new, or deleted, in them).
        ctx.inventory.set(path, { ...inventory, whole: false });
        return;
      }
    }
    ctx.inventory.set(path, inventory);
  }
}

/**
 * With a second token, one record of each kind for its organization too, where its list holds no ordinary record
 * (neither isSystem nor isLocked): the check that the two organizations' lists are apart compares ordinary records
 * of each, and a list that starts empty would leave it not judged. Kept only where the answer names the new id and
 * shows it is the kit's own (creating.ts); deleted at the end of the run with the second token.
 */
async function seedSecondOrganization(ctx: SuiteContext, path: string, example: Record<string, unknown>): Promise<void> {
  const quiet = async (spec: Parameters<typeof send>[1]) => (await send(ctx.target, spec, ctx.signal)).reply;
  const list = await ctx.adapter.list(quiet, path, 'token2');
  const ordinary = (list.items ?? []).filter((item) => isPlainObject(item) && item.isSystem !== true && item.isLocked !== true);
  if (list.items === undefined || idsOf(ordinary).length > 0) return;
  const body = runUnique(example, ctx.suffix());
  const reply = await quiet({ method: 'POST', path, credentials: 'token2', body });
  if (!isSuccess(reply.status)) return;
  // Kept only on evidence that this create made it (ownership.ts); deleted at the end of the run with token2.
  await claimCreated(ctx, quiet, path, reply, variedFields(example, body), { credentials: 'token2', ledger: ctx.seedLedger });
}

/** Creates one record of each kind that has a create example (deleted at the end of the run). */
export async function seedOneOfEach(ctx: SuiteContext): Promise<void> {
  const quiet = async (spec: Parameters<typeof send>[1]) => (await send(ctx.target, spec, ctx.signal)).reply;
  for (const { path } of resourceFacts) {
    const example = ctx.examples.create(path);
    if (example === undefined || ctx.signal.aborted) continue;
    try {
      const completed = await withReferences(ctx, quiet, path, example, { ledger: ctx.seedLedger });
      if ('body' in completed) await createRecord(ctx, quiet, path, completed.body, { ledger: ctx.seedLedger });
      if (ctx.target.token2 !== undefined) await seedSecondOrganization(ctx, path, example);
    } catch {
      // No answer: the target may hang, so no more are tried; the probes that create meet the same and say so.
      return;
    }
  }
}
