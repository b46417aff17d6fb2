/** The fake telephony provider: what it hands out is a copy, and its revision moves exactly when a configuration changes. */
import { describe, expect, it } from 'vitest';
import type { TrunkSettings } from '../src/domain/telephony.js';
import { FakeTelephonyProvider } from '../src/state/telephony.js';

const settings: TrunkSettings = {
  trunkId: 'trunk-1',
  orgId: 'org-1',
  host: 'pbx.example.com',
  port: 5060,
  transport: 'udp',
  username: null,
  hasCredentials: false,
  allowedIps: ['203.0.113.7'],
  phoneNumbers: ['+14155550100'],
  inboundEnabled: true,
  outboundEnabled: true,
};

describe('FakeTelephonyProvider', () => {
  it('hands out copies: changing what provision returns changes nothing stored', () => {
    const provider = new FakeTelephonyProvider(() => new Date('2026-01-05T09:00:00.000Z'));
    const returned = provider.provision(settings);
    returned.host = 'changed.example.com';
    returned.phoneNumbers.push('+14155550199');
    expect(provider.configuration('trunk-1')).toMatchObject({ host: 'pbx.example.com', phoneNumbers: ['+14155550100'], revision: 1 });
  });

  it('moves its revision on every change and only then', () => {
    const provider = new FakeTelephonyProvider(() => new Date('2026-01-05T09:00:00.000Z'));
    const start = provider.revision();
    expect(provider.deprovision('no-such-trunk')).toBe(false);
    provider.clear('org-without-trunks');
    expect(provider.revision()).toBe(start);
    provider.provision(settings);
    const provisioned = provider.revision();
    expect(provisioned).toBeGreaterThan(start);
    provider.provision({ ...settings, host: 'other.example.com' });
    expect(provider.revision()).toBeGreaterThan(provisioned);
    const updated = provider.revision();
    expect(provider.deprovision('trunk-1')).toBe(true);
    expect(provider.revision()).toBeGreaterThan(updated);
    const removed = provider.revision();
    provider.restore([{ ...settings, revision: 1, provisionedAt: '2026-01-05T09:00:00.000Z' }]);
    expect(provider.revision()).toBeGreaterThan(removed);
    const restored = provider.revision();
    provider.clear('org-1');
    expect(provider.revision()).toBeGreaterThan(restored);
    expect(provider.configurations()).toEqual([]);
  });
});
