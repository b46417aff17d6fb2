/**
 * Large bodies take turns: at most one is worked on per turn of the event
 * loop, and its parse and its validation are turns of their own. Parsing
 * and checking a body of a megabyte (100,000 unknown keys, say) takes tens
 * of milliseconds of CPU; without turns, clients sending such bodies
 * without pause would have them handled back to back, and ordinary reads
 * on other connections would wait behind all of them. Between two turns the loop polls
 * for other requests, so a read waits for one step of one large body at
 * most. A turn covers only what runs before the next turn of the loop: a
 * route that then waits (a simulated call waiting on its receivers) holds
 * no other body up.
 */

/** Bodies above this many characters take their turn. */
export const LARGE_BODY_CHARS = 64 * 1024;

const waiting: (() => void)[] = [];
let busy = false;

// setImmediate where there is one (Node): it runs after the loop has polled for other requests.
const later = (run: () => void) => (globalThis.setImmediate ? globalThis.setImmediate(run) : setTimeout(run, 0));

function passTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else busy = false;
}

/**
 * Resolves when this large body may be handled: no other one has been in this turn of the loop. `first`: the
 * body is already parsed and goes before those still to be parsed, so that few parsed bodies (ten times the
 * size of their text) wait at once.
 */
export async function largeBodyTurn(first = false): Promise<void> {
  if (busy) await new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)));
  busy = true;
  later(passTurn);
}
