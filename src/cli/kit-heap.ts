/**
 * The heap of the kit's commands (`verify`, `explore`). They read whatever a target answers: lists of up to
 * `--max-records` records a read, parsed whole, most of it garbage by the next check. Left to itself, V8 lets the
 * heap grow far past what is live between two full collections when the machine has memory to spare: one
 * 200,000-record page took the kit to 600–620 MiB with under 250 MiB live (it ran the same under a 250 MiB
 * old-space limit), against a 512 MiB target (`npm run bench:kit`, docs/BENCHMARKS.md, "The conformance kit on
 * lists too long to read"). A growth factor of 1.5 after each full collection keeps the peak near the live set,
 * without a limit that would end a run whose live set is larger. V8 reads the factor at every collection, so it
 * takes effect when set here, after the start.
 *
 * Only the commands set it: a program that runs the kit through its API keeps its own heap settings.
 */
import { setFlagsFromString } from 'node:v8';

/** The heap may grow to 1 + this / 100 times what the last full collection kept. */
export const KIT_HEAP_GROWING_PERCENT = 50;

export function boundKitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${KIT_HEAP_GROWING_PERCENT}`);
}
