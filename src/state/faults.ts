/**
 * Injected faults: a route (method + path pattern, optionally one
 * organization) answers a given status, waits, or fails a fraction of the
 * time; or the telephony provider fails. Each fault lasts N matches or until
 * cleared. The fraction is drawn from a seeded generator, so a run with the
 * same seed fails the same requests.
 */
import { z } from '@hono/zod-openapi';
import { organizationId } from '../domain/fields.js';
import { compilePathPattern, type PathMatcher } from './path-pattern.js';

const faultTargets = ['http', 'telephony'] as const;
export type FaultTarget = (typeof faultTargets)[number];
export type TelephonyOperation = 'provision' | 'deprovision';

const delayMs = z.int().min(0).max(60_000);

/** What a fault is given. POST /__mock/faults takes these fields, with rules across them (checked in this module). */
export const faultSpecSchema = z.strictObject({
  target: z.enum(faultTargets).optional().openapi({ description: 'Default http.' }),
  method: z
    .string()
    .min(1)
    .max(20)
    .optional()
    .openapi({ description: 'HTTP method, or provision/deprovision for telephony; any when absent.' }),
  path: z.string().min(1).max(500).optional().openapi({
    description:
      'Path pattern: * and :name match a segment, ** the rest; any when absent. An http fault matches API paths (`/api/v1/sip-trunks/:id`), a telephony fault `/telephony/<trunk id>`.',
    example: '/api/v1/sip-trunks/:id',
  }),
  orgId: organizationId.optional().openapi({ description: 'Only requests of this organization (GET /__mock/tenants lists them).' }),
  // Error statuses only: 1xx would switch protocols and 204/304 carry no body, so neither could hold the problem shape.
  status: z.int().min(400).max(599).optional().openapi({ description: 'The status to answer instead of the real one (http faults).' }),
  latencyMs: delayMs.optional().openapi({ description: 'A fixed delay before the answer (http faults).' }),
  latency: z
    .strictObject({ minMs: delayMs, maxMs: delayMs })
    .refine(({ minMs, maxMs }) => minMs <= maxMs, 'minMs must not exceed maxMs')
    .optional()
    .openapi({ description: 'A delay drawn between minMs and maxMs (http faults).' }),
  probability: z.number().min(0).max(1).optional().openapi({ description: 'Share of matching requests the fault applies to (default 1).' }),
  times: z
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .openapi({ description: 'How many times it applies before it expires; forever when absent.' }),
});
export type FaultSpec = z.infer<typeof faultSpecSchema>;

/** A fault as the control API shows it. */
export const faultSchema = faultSpecSchema
  .extend({
    id: z.string().openapi({ example: 'fault-1' }),
    target: z.enum(faultTargets),
    remaining: z.int().nullable().openapi({ description: 'Applications left (null: no end).' }),
    applied: z.int().openapi({ description: 'How many requests it has applied to.' }),
  })
  .openapi('Fault');
export type Fault = z.infer<typeof faultSchema>;

/** What a fault does to one request: wait, then maybe answer a status. */
export interface FaultEffect {
  fault: Fault;
  delayMs: number;
  status: number | undefined;
}

export class Faults {
  readonly #faults = new Map<string, Fault & { matchesPath: PathMatcher }>();
  #nextId = 1;
  #random: () => number;

  constructor(seed: number) {
    this.#random = seededRandom(seed);
  }

  add(spec: FaultSpec): Fault {
    const target = spec.target ?? 'http';
    const fault: Fault = { ...spec, target, id: `fault-${this.#nextId++}`, remaining: spec.times ?? null, applied: 0 };
    this.#faults.set(fault.id, { ...fault, matchesPath: compilePathPattern(spec.path ?? '/**') });
    return fault;
  }

  list(): Fault[] {
    return [...this.#faults.values()].map(({ matchesPath: _, ...fault }) => fault);
  }

  remove(id: string): boolean {
    return this.#faults.delete(id);
  }

  clear(): void {
    this.#faults.clear();
  }

  /**
   * Clears every fault and starts the fractions' generator again from `seed`
   * (a reset of the mock): otherwise which requests a fault fails would
   * depend on what ran before the reset. Fault ids go on counting, so an id
   * a test kept from before never names a new fault.
   */
  reset(seed: number): void {
    this.clear();
    this.#random = seededRandom(seed);
  }

  /** Whether any fault of this target is set (a request no fault can apply to need not be matched against them). */
  has(target: FaultTarget): boolean {
    for (const fault of this.#faults.values()) if (fault.target === target) return true;
    return false;
  }

  /** The first fault that applies to this request, counted as applied. */
  apply(target: FaultTarget, method: string, path: string, orgId: string | null): FaultEffect | undefined {
    for (const fault of this.#faults.values()) {
      if (fault.target !== target) continue;
      if (fault.method !== undefined && fault.method.toUpperCase() !== method.toUpperCase()) continue;
      if (fault.orgId !== undefined && fault.orgId !== orgId) continue;
      if (!fault.matchesPath(path)) continue;
      if (fault.probability !== undefined && this.#random() >= fault.probability) continue;
      fault.applied++;
      if (fault.remaining !== null && --fault.remaining <= 0) this.#faults.delete(fault.id);
      const { matchesPath: _, ...shown } = fault;
      return { fault: shown, delayMs: this.#delay(fault), status: fault.status };
    }
    return undefined;
  }

  #delay(fault: FaultSpec): number {
    if (fault.latency) return fault.latency.minMs + Math.round(this.#random() * (fault.latency.maxMs - fault.latency.minMs));
    return fault.latencyMs ?? 0;
  }
}

/** mulberry32: small, fast, and the same sequence for the same seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
