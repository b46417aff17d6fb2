/**
 * One load run with autocannon against 127.0.0.1. Latency percentiles are
 * computed here from every response's own time (autocannon's histogram
 * rounds to whole milliseconds, too coarse for a 2 ms target).
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/**
 * Runs `request` ({method, path, headers, body}) for `durationS` seconds, or
 * for `amount` requests when given (still stopped after `durationS`). With
 * `pathsPerConnection(count)`, each connection sends its own paths instead of
 * `path`, built before the run; it needs `amount`, which autocannon shares out
 * evenly, so each connection sends exactly its share.
 */
export function runLoad({ port, request, connections, durationS, amount }) {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const { pathsPerConnection, ...fixed } = request;
  const options = {
    url: `http://127.0.0.1:${port}`,
    connections,
    requests: [fixed],
    ...(amount ? { amount } : { duration: durationS }),
  };
  if (pathsPerConnection) {
    if (!amount) throw new Error('runLoad: pathsPerConnection needs amount');
    let index = 0;
    options.setupClient = (client) => {
      const share = shareOf(amount, connections, index++);
      client.setRequests(pathsPerConnection(share).map((path) => ({ ...fixed, path })));
    };
  }
  // From the first request sent, not from the call: building a connection's own requests (thousands of buffers)
  // happens before, and would count against whichever server gets them.
  let started = performance.now();
  let last = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      clearTimeout(timer);
      if (error) return reject(error);
      resolve({
        count,
        // Timed to the last answer: autocannon notices the end of a run bounded by `amount` only at its next one-second tick.
        seconds: (last - started) / 1000,
        latencies: latencies.subarray(0, count),
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        statuses: Object.keys(result.statusCodeStats ?? {}),
      });
    });
    const timer = amount ? setTimeout(() => instance.stop(), durationS * 1000) : undefined;
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      last = performance.now();
      if (count === 0) started = last - responseTime;
      latencies[count++] = responseTime;
    });
  });
}

/** Connection `index`'s share of `amount` requests, as autocannon divides them. */
function shareOf(amount, connections, index) {
  return Math.floor(amount / connections) + (index < amount % connections ? 1 : 0);
}

/** Several runs of one case as one figure: requests/s over their summed time, percentiles over all their answers. */
export function summarize(runs) {
  const count = runs.reduce((n, run) => n + run.count, 0);
  const seconds = runs.reduce((n, run) => n + run.seconds, 0);
  const all = new Float64Array(count);
  let offset = 0;
  for (const run of runs) {
    all.set(run.latencies, offset);
    offset += run.count;
  }
  all.sort();
  return {
    requests: count,
    // No answer at all (e.g. every response waits on something slow) is 0 requests/s, not NaN.
    rps: count === 0 ? 0 : count / seconds,
    p50: percentile(all, 0.5),
    p99: percentile(all, 0.99),
    non2xx: runs.reduce((n, run) => n + run.non2xx, 0),
    errors: runs.reduce((n, run) => n + run.errors, 0),
    statuses: [...new Set(runs.flatMap((run) => run.statuses))].join(' '),
  };
}

function percentile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
