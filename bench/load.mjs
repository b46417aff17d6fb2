/**
 * One load run with autocannon against 127.0.0.1. Latency percentiles are
 * computed here from every response's own time (autocannon's histogram
 * rounds to whole milliseconds, too coarse for a 2 ms target).
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/**
 * Runs `request` ({method, path, headers, body, setupRequest?}) for
 * `durationS` seconds, or for exactly `amount` requests when given.
 */
export function runLoad({ port, request, connections, durationS, amount }) {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const options = {
    url: `http://127.0.0.1:${port}`,
    connections,
    requests: [request],
    ...(amount ? { amount } : { duration: durationS }),
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      const sorted = latencies.subarray(0, count).sort();
      // Timed here: autocannon reports the configured duration, which a run bounded by `amount` lacks.
      const seconds = (performance.now() - started) / 1000;
      resolve({
        requests: result.requests.total,
        rps: result.requests.total / seconds,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        statuses: Object.keys(result.statusCodeStats ?? {}).join(' '),
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
    });
  });
}

function percentile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
