/**
 * The in-memory telephony provider the mock runs (the port it implements is
 * src/domain/telephony.ts): tests watch a trunk's configuration appear,
 * change and disappear.
 */
import {
  type FailureCheck,
  TelephonyFailure,
  type TelephonyProvider,
  type TrunkConfiguration,
  type TrunkSettings,
} from '../domain/telephony.js';

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
