/**
 * How far the commands let V8's heap grow past what its last full collection
 * kept. Left to itself, V8 lets it grow far past what is live when the
 * machine has memory to spare, and most of what a command allocates is
 * garbage soon: the lists the kit reads, the answers the mock writes. The
 * factor is read at every collection, so it takes effect when set after the
 * start; it is a factor, not a limit, so a larger live set still fits.
 *
 * - The kit (`verify`, `explore`): one 200,000-record page took it to
 *   601–624 MiB with under 250 MiB live; at 1.5 it peaks at 372–383 MiB in
 *   the same time.
 * - `serve`: after a few seconds of reads the demo seed's mock held
 *   102–114 MiB (target 100); at 2 it holds 82–87 MiB, with creates, whose
 *   records the heap keeps, within their rounds' spread (1.5 cost them
 *   about 9 %).
 *
 * Setting any V8 flag makes V8 refuse Node's cache of its builtins' compiled
 * code from then on, so a command sets it once the builtins its start needs
 * are loaded (`serve` once it listens).
 *
 * Figures: docs/BENCHMARKS.md ("The conformance kit on lists too long to
 * read", "What was tried"). Only the commands set it: a program that runs
 * the mock or the kit through their API keeps its own heap settings.
 */
import { setFlagsFromString } from 'node:v8';

/** The kit's heap may grow to 1 + this / 100 times what the last full collection kept. */
export const KIT_HEAP_GROWING_PERCENT = 50;
/** The mock's (`serve`) likewise. */
export const SERVE_HEAP_GROWING_PERCENT = 100;

export function boundHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
