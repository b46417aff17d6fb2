/** The fake telephony provider: what it hands out is a copy, and it tells its change stream exactly when a configuration changes. */
import { describe, expect, it } from 'vitest';
import type { TrunkSettings } from '../src/domain/telephony.js';
import { type Change, Changes } from '../src/state/changes.js';
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

  it('tells its change stream about every change and only then', () => {
    const changes = new Changes();
    const heard: Change['op'][] = [];
    changes.subscribe((change) => heard.push(change.op));
    const provider = new FakeTelephonyProvider(() => new Date('2026-01-05T09:00:00.000Z'), undefined, changes);
    expect(provider.deprovision('no-such-trunk')).toBe(false);
    expect(heard).toEqual([]);
    provider.provision(settings);
    provider.provision({ ...settings, host: 'other.example.com' });
    expect(provider.deprovision('trunk-1')).toBe(true);
    provider.restore([{ ...settings, revision: 1, provisionedAt: '2026-01-05T09:00:00.000Z' }]);
    provider.clear('org-1');
    expect(heard).toEqual(['configure', 'configure', 'unconfigure', 'configure', 'telephony-clear']);
    expect(provider.configurations()).toEqual([]);
  });

  it('tells nothing when a provisioning fails', () => {
    const changes = new Changes();
    const heard: Change[] = [];
    changes.subscribe((change) => heard.push(change));
    const provider = new FakeTelephonyProvider(
      () => new Date('2026-01-05T09:00:00.000Z'),
      () => 'down',
      changes,
    );
    expect(() => provider.provision(settings)).toThrow(/failed to provision/);
    expect(heard).toEqual([]);
  });
});
