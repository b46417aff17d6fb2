/**
 * What a snapshot must hold together, beyond each record's fields being valid:
 * the resources' own rules (a function tool has a url, ...), ids and unique
 * values (tool names) unique within an organization, references that stay
 * inside it, SIP trunk ids no other organization holds (the provider knows
 * trunks by id), and provider configurations that belong to a trunk of the
 * same organization and match its settings. A snapshot is thus never a
 * state the API would refuse.
 */
import type { Problem } from '../../domain/resource.js';
import { resources } from '../../domain/resources/index.js';
import { type SipTrunkRecord, trunkSettings } from '../../domain/resources/sip-trunk.js';
import type { TrunkConfiguration, TrunkSettings } from '../../domain/telephony.js';
import type { State } from './snapshot-schema.js';

type Path = Problem['path'];

/** `trunksHeldElsewhere`: trunk ids of organizations the import leaves in place; `only`: the one organization imported. */
export function integrityProblems(state: State, trunksHeldElsewhere: ReadonlySet<string>, only?: string): Problem[] {
  const problems: Problem[] = [];
  const trunkOwner = new Map<string, number>();
  state.organizations.forEach((organization, index) => {
    if (only !== undefined && organization.id !== only) return;
    const at = (...rest: Path): Path => ['organizations', index, 'records', ...rest];
    const ids = Object.fromEntries(resources.map((def) => [def.kind, new Set<string>()]));
    for (const def of resources) {
      (organization.records[def.kind] ?? []).forEach((record, position) => {
        const id = String(record.id);
        if (ids[def.kind]?.has(id)) problems.push({ path: at(def.kind, position, 'id'), message: `Id ${id} appears twice.` });
        ids[def.kind]?.add(id);
        if (def.kind !== 'sipTrunks') return;
        if (trunksHeldElsewhere.has(id) || (trunkOwner.has(id) && trunkOwner.get(id) !== index)) {
          problems.push({ path: at(def.kind, position, 'id'), message: `SIP trunk id ${id} belongs to another organization.` });
        }
        trunkOwner.set(id, index);
      });
    }
    for (const def of resources) {
      const taken = new Map<string, unknown>();
      (organization.records[def.kind] ?? []).forEach((record, position) => {
        for (const problem of [...def.variantProblems(record), ...(def.check?.(record, undefined) ?? [])])
          problems.push({ ...problem, path: at(def.kind, position, ...problem.path) });
        for (const field of def.unique ?? []) {
          const key = `${field}:${JSON.stringify(record[field])}`;
          if (taken.has(key))
            problems.push({ path: at(def.kind, position, field), message: `Another ${def.names.singular} already has this ${field}.` });
          taken.set(key, true);
        }
        for (const { field, target, many } of def.references ?? []) {
          const value = record[field];
          const refs = many ? ((value as string[] | undefined) ?? []) : [value as string | null | undefined];
          refs.forEach((refId, item) => {
            if (refId === null || refId === undefined || ids[target]?.has(refId)) return;
            const path = many ? at(def.kind, position, field, item) : at(def.kind, position, field);
            problems.push({ path, message: `No ${target} record with id ${refId} in this organization.` });
          });
        }
      });
    }
  });
  state.telephony.forEach((configuration, index) => {
    if (only !== undefined && configuration.orgId !== only) return;
    const owner = trunkOwner.get(configuration.trunkId);
    const organization = owner === undefined ? undefined : state.organizations[owner];
    const trunk = organization?.records.sipTrunks?.find((record) => record.id === configuration.trunkId);
    if (organization?.id !== configuration.orgId || trunk === undefined) {
      problems.push({
        path: ['telephony', index],
        message: `No SIP trunk ${configuration.trunkId} in organization ${configuration.orgId} of the snapshot.`,
      });
      return;
    }
    problems.push(...settingsProblems(configuration, trunkSettings(trunk as SipTrunkRecord, organization.id), index));
  });
  return problems;
}

/** The provider holds what the trunk says (the API provisions every change before storing it): a configuration that differs is refused. */
function settingsProblems(configuration: TrunkConfiguration, expected: TrunkSettings, index: number): Problem[] {
  return Object.entries(expected)
    .filter(([key, value]) => JSON.stringify(configuration[key as keyof TrunkSettings]) !== JSON.stringify(value))
    .map(([key, value]) => ({
      path: ['telephony', index, key],
      message: `The trunk says ${JSON.stringify(value)}; leave the configuration out of the snapshot to have it made from the trunk.`,
    }));
}
