/**
 * The telephony provider a SIP trunk is configured at. The real service
 * provisions each trunk downstream and cleans it up on delete (the spec
 * states the cleanup); the mock keeps a fake provider of its own so tests
 * can watch that configuration appear, change and disappear.
 */

import { z } from '@hono/zod-openapi';
import { boundedList, timestamp } from './fields.js';

/** What the provider holds for one trunk (snapshots carry it, so it is checked when they load). */
export const trunkConfigurationSchema = z.strictObject({
  trunkId: z.string().min(1),
  orgId: z.string().min(1),
  host: z.string(),
  port: z.int(),
  transport: z.string(),
  username: z.string().nullable(),
  hasCredentials: z.boolean(),
  // As many as a trunk may hold.
  allowedIps: boundedList(z.string(), 100),
  phoneNumbers: boundedList(z.string(), 100),
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
}
