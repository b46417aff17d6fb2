/**
 * Run by gc-time-limit.test.ts as `node --expose-gc` (vitest's workers do not
 * take the flag per file). One delivery attempt to a receiver that never
 * answers, with full garbage collections while it waits, after enough quick
 * attempts that V8 has optimized the attempt's code: that is when a limit
 * built from AbortSignal.timeout inside AbortSignal.any was lost on Node 20
 * (held only weakly) and the attempt never ended. The receiver is a fetch
 * that never answers but, like Node's fetch, gives up when its signal aborts;
 * one function throughout, so V8 keeps the optimized code. Prints the attempt
 * as JSON, or exits 1 when it has not ended long after its limit.
 * Imports the built mock (dist/): `npm test` builds before it runs.
 */
const { attemptDelivery } = await import(new URL('../../dist/src/state/webhooks/attempt.js', import.meta.url).href);

const timeoutMs = Number(process.argv[2] ?? 1000);
let receiverHangs = false;
const receiver = (_url, { signal }) =>
  receiverHangs
    ? new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
    : Promise.resolve(new Response('ok'));
const request = { url: 'http://127.0.0.1:9/hooks', body: '{}', secret: 'secret', event: 'call.started', deliveryId: 'd1', at: new Date() };
for (let warm = 0; warm < 3000; warm += 1) {
  await attemptDelivery(request, { timeoutMs, fetch: receiver }, new AbortController().signal);
}

receiverHangs = true;
const collect = setInterval(() => globalThis.gc(), 100);
// Not a measurement: only so that a lost limit ends this process instead of waiting forever.
const giveUp = setTimeout(() => {
  process.stdout.write(JSON.stringify({ ended: false }));
  process.exit(1);
}, timeoutMs * 10);
const attempt = await attemptDelivery(request, { timeoutMs, fetch: receiver }, new AbortController().signal);
clearInterval(collect);
clearTimeout(giveUp);
process.stdout.write(JSON.stringify({ ended: true, attempt }));
