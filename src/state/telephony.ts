/**
 * The in-memory telephony provider the mock runs (the port it implements is
 * src/domain/telephony.ts): tests watch a trunk's configuration appear,
 * change and disappear. Every change is told to the mock state's change
 * stream (changes.ts).
 */
import {
  type FailureCheck,
  TelephonyFailure,
  type TelephonyProvider,
  type TrunkConfiguration,
  type TrunkSettings,
} from '../domain/telephony.js';
import { Changes } from './changes.js';

/** An in-memory provider. `now` stamps provisioning times. */
export class FakeTelephonyProvider implements TelephonyProvider {
  readonly #byTrunk = new Map<string, TrunkConfiguration>();

  constructor(
    private readonly now: () => Date,
    private readonly failure: FailureCheck = () => undefined,
    private readonly changes: Changes = new Changes(),
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
    this.changes.emit({ op: 'configure', configuration });
    // A copy, as configuration() gives: the caller must not reach the provider's own state.
    return structuredClone(configuration);
  }

  deprovision(trunkId: string): boolean {
    const existing = this.#byTrunk.get(trunkId);
    if (!existing) return false;
    this.#failIfAsked('deprovision', trunkId, existing.orgId);
    this.#byTrunk.delete(trunkId);
    this.changes.emit({ op: 'unconfigure', trunkId });
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
    this.changes.emit(orgId === undefined ? { op: 'telephony-clear' } : { op: 'telephony-clear', orgId });
  }

  restore(configurations: readonly TrunkConfiguration[]): void {
    for (const configuration of configurations) {
      const kept = structuredClone(configuration);
      this.#byTrunk.set(kept.trunkId, kept);
      this.changes.emit({ op: 'configure', configuration: kept });
    }
  }

  #failIfAsked(operation: 'provision' | 'deprovision', trunkId: string, orgId: string): void {
    const reason = this.failure(operation, trunkId, orgId);
    if (reason)
      throw new TelephonyFailure(`The telephony provider failed to ${operation} SIP trunk ${trunkId} (${reason}); nothing was changed.`);
  }
}
