/**
 * The telephony provider a SIP trunk is configured at. The real service
 * provisions each trunk downstream and cleans it up on delete (the spec
 * states the cleanup); the mock keeps a fake provider of its own so tests
 * can watch that configuration appear, change and disappear.
 */

import { z } from '@hono/zod-openapi';
import { timestamp } from '../domain/fields.js';

/** What the provider holds for one trunk (snapshots carry it, so it is checked when they load). */
export const trunkConfigurationSchema = z.strictObject({
  trunkId: z.string().min(1),
  orgId: z.string().min(1),
  host: z.string(),
  port: z.int(),
  transport: z.string(),
  username: z.string().nullable(),
  hasCredentials: z.boolean(),
  allowedIps: z.array(z.string()),
  phoneNumbers: z.array(z.string()),
  inboundEnabled: z.boolean(),
  outboundEnabled: z.boolean(),
  /** 1 on first provisioning, +1 on every re-provisioning. */
  revision: z.int().min(1),
  provisionedAt: timestamp,
});

export type TrunkConfiguration = z.infer<typeof trunkConfigurationSchema>;

export type TrunkSettings = Omit<TrunkConfiguration, 'revision' | 'provisionedAt'>;

/** The provider refused or failed an operation; nothing was changed. */
export class TelephonyFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TelephonyFailure';
  }
}

/** Asked before every operation; a reason makes the operation fail (fault injection). */
export type FailureCheck = (operation: 'provision' | 'deprovision', trunkId: string, orgId: string) => string | undefined;

export interface TelephonyProvider {
  /** Creates or replaces the configuration of a trunk. */
  provision(settings: TrunkSettings): TrunkConfiguration;
  /** Removes a trunk's configuration; false when there was none. */
  deprovision(trunkId: string): boolean;
  configuration(trunkId: string): TrunkConfiguration | undefined;
  /** Every configuration, or those of one organization. */
  configurations(orgId?: string): TrunkConfiguration[];
  /** Forgets everything (or one organization's configurations). */
  clear(orgId?: string): void;
  /** Puts configurations back as they were (loading a snapshot). */
  restore(configurations: readonly TrunkConfiguration[]): void;
  /** A number that moves on every change of any configuration, so text made from them can be kept until it does. */
  revision(): number;
}

/** An in-memory provider. `now` stamps provisioning times. */
export class FakeTelephonyProvider implements TelephonyProvider {
  readonly #byTrunk = new Map<string, TrunkConfiguration>();
  #revision = 0;

  constructor(
    private readonly now: () => Date,
    private readonly failure: FailureCheck = () => undefined,
  ) {}

  provision(settings: TrunkSettings): TrunkConfiguration {
    this.#failIfAsked('provision', settings.trunkId, settings.orgId);
    const previous = this.#byTrunk.get(settings.trunkId);
    const configuration: TrunkConfiguration = {
      ...structuredClone(settings),
      revision: (previous?.revision ?? 0) + 1,
      provisionedAt: this.now().toISOString(),
    };
    this.#byTrunk.set(settings.trunkId, configuration);
    this.#revision++;
    // A copy, as configuration() gives: the caller must not reach the provider's own state.
    return structuredClone(configuration);
  }

  deprovision(trunkId: string): boolean {
    const existing = this.#byTrunk.get(trunkId);
    if (!existing) return false;
    this.#failIfAsked('deprovision', trunkId, existing.orgId);
    this.#byTrunk.delete(trunkId);
    this.#revision++;
    return true;
  }

  configuration(trunkId: string): TrunkConfiguration | undefined {
    const found = this.#byTrunk.get(trunkId);
    return found && structuredClone(found);
  }

  configurations(orgId?: string): TrunkConfiguration[] {
    return [...this.#byTrunk.values()]
      .filter((configuration) => orgId === undefined || configuration.orgId === orgId)
      .map((configuration) => structuredClone(configuration));
  }

  clear(orgId?: string): void {
    const leaving = this.configurations(orgId);
    for (const configuration of leaving) this.#byTrunk.delete(configuration.trunkId);
    if (leaving.length > 0) this.#revision++;
  }

  restore(configurations: readonly TrunkConfiguration[]): void {
    for (const configuration of configurations) this.#byTrunk.set(configuration.trunkId, structuredClone(configuration));
    this.#revision++;
  }

  revision(): number {
    return this.#revision;
  }

  #failIfAsked(operation: 'provision' | 'deprovision', trunkId: string, orgId: string): void {
    const reason = this.failure(operation, trunkId, orgId);
    if (reason)
      throw new TelephonyFailure(`The telephony provider failed to ${operation} SIP trunk ${trunkId} (${reason}); nothing was changed.`);
  }
}
