/**
 * Before the probes: what each list holds (the kit never touches those ids),
 * and one record of each kind created, so that the checks that read a list
 * find one there even on a target whose lists start empty.
 */
import type { SuiteContext } from '../context.js';
import { idsOf } from '../matchers.js';
import { resourceFacts } from '../resources.js';
import { createRecord } from './creating.js';
import { send } from './http.js';

/** Reads every list with each token; a list that cannot be read leaves its inventory unknown. */
export async function takeInventory(ctx: SuiteContext): Promise<void> {
  const tokens = ctx.target.token2 === undefined ? (['token'] as const) : (['token', 'token2'] as const);
  for (const { path } of resourceFacts) {
    let ids: Set<string> | undefined = new Set<string>();
    for (const credentials of tokens) {
      try {
        const quiet = async (spec: Parameters<typeof send>[1]) => (await send(ctx.target, spec, ctx.signal)).reply;
        // The whole list, every page: an id on a page not read would be taken for new, and deleted.
        const read = await ctx.adapter.list(quiet, path, credentials);
        if (read.items === undefined || !read.whole) ids = undefined;
        for (const id of idsOf(read.items)) ids?.add(id.toLowerCase());
      } catch {
        // No answer: the target may hang, so the lists left stay unknown (nothing is told new, or deleted, in them).
        return;
      }
    }
    ctx.inventory.set(path, ids);
  }
}

/** Creates one record of each kind that has a create example (deleted at the end of the run). */
export async function seedOneOfEach(ctx: SuiteContext): Promise<void> {
  const quiet = async (spec: Parameters<typeof send>[1]) => (await send(ctx.target, spec, ctx.signal)).reply;
  for (const { path } of resourceFacts) {
    const example = ctx.examples.create(path);
    if (example === undefined || ctx.signal.aborted) continue;
    try {
      await createRecord(ctx, quiet, path, example, { ledger: ctx.seedLedger });
    } catch {
      // No answer: the target may hang, so no more are tried; the probes that create meet the same and say so.
      return;
    }
  }
}
