/**
 * The addresses the mock itself listens on, so that no webhook delivers to
 * its own control API (/__mock/...): an attempt there waits on the mock
 * (a flush that waits on deliveries, one of which waits on the flush) and
 * ties up each attempt for its whole time limit. Refused when a webhook is
 * created or updated, by the URL as written; skipped when a delivery is
 * attempted, also when a host name resolves to the mock (the servers give
 * a resolver: the browser build has no listener and no DNS).
 */
import { isThisMachine } from '../../domain/fields.js';

export interface Listener {
  host: string;
  port: number;
}

/** All addresses a host name resolves to. */
export type Lookup = (hostname: string) => Promise<string[]>;

const WILDCARDS = new Set(['0.0.0.0', '::']);
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
const isIpLiteral = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');

export class OwnListeners {
  readonly #listeners = new Map<Listener, Lookup | undefined>();

  /** A server now listening; answers its release. */
  add(listener: Listener, lookup?: Lookup): () => void {
    const own = { host: bare(listener.host), port: listener.port };
    this.#listeners.set(own, lookup);
    return () => this.#listeners.delete(own);
  }

  /** Why `url` may not be a webhook's, by the URL as written: it names the mock's own control API. */
  refusal(url: string): string | undefined {
    const target = controlTarget(url);
    const listener = target && this.#matching(target.port).find((own) => sameMachineAs(target.host, own));
    return listener && describe(listener);
  }

  /** The same, also for a host name that resolves to one of the mock's own listeners; for the moment of delivery. */
  async resolvedRefusal(url: string): Promise<string | undefined> {
    const written = this.refusal(url);
    const target = controlTarget(url);
    if (written || !target || isIpLiteral(target.host)) return written;
    for (const own of this.#matching(target.port)) {
      const addresses = await this.#listeners
        .get(own)?.(target.host)
        .catch(() => []);
      if (addresses?.some((address) => sameMachineAs(bare(address), own))) return describe(own);
    }
    return undefined;
  }

  #matching(port: number): Listener[] {
    return [...this.#listeners.keys()].filter((own) => own.port === port);
  }
}

/** The host and port a URL sends to, when its path is under /__mock (as the app routes it: percent-decoded). */
function controlTarget(url: string): Listener | undefined {
  if (!URL.canParse(url)) return undefined;
  const { protocol, hostname, port, pathname } = new URL(url);
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // Malformed escapes: the app would not route it either; read it as written.
  }
  if (!/^\/+__mock(?:\/|$)/.test(path)) return undefined;
  return { host: bare(hostname), port: port ? Number(port) : protocol === 'https:' ? 443 : 80 };
}

/** A loopback address reaches any listener on this machine; another address, the listener bound to it (or to all). */
function sameMachineAs(host: string, own: Listener): boolean {
  return isThisMachine(host) || host === own.host || (WILDCARDS.has(own.host) && WILDCARDS.has(host));
}

function describe(own: Listener): string {
  return `this URL is the mock's own control API (/__mock/ on port ${own.port}): a delivery there would wait on the mock itself. Point the webhook at your receiver instead.`;
}
