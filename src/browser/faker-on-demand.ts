/**
 * A page starts without faker: the default scenario at the default seed is
 * replayed from what a test wrote down (src/state/seed/faker-draws.ts). Faker (a chunk of its own, about
 * 430 KB minified) is fetched the first time a control request may need
 * generated data that was not written down: another seed or scenario, a new
 * tenant, a simulated call. The app itself works synchronously, so the chunk
 * is loaded before the request reaches it. When in doubt, it is loaded.
 */
import { fakerLoaded, loadFaker } from '../domain/faker.js';
import { type MockState, resolveScenario } from '../state/mock-state.js';
import { recordedScript } from '../state/seed/faker-draws.js';
import { seedIsRecorded } from '../state/seed/seed.js';
import type { FetchApp } from './mock-handler.js';

/** Requests that change nothing, or only remove, never generate data. */
const NO_DATA_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

/** The app, with faker loaded before each request that may need it. */
export function withFakerOnDemand(app: FetchApp, mockState: MockState): FetchApp {
  return {
    fetch: async (request) => {
      if (!fakerLoaded() && (await mayNeedFaker(request, mockState))) await loadFaker();
      return app.fetch(request);
    },
  };
}

/** Whether answering the request may draw from faker; only a reset back to written-down data is known not to. */
export async function mayNeedFaker(request: Request, mockState: MockState): Promise<boolean> {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/__mock/') || NO_DATA_METHODS.has(request.method)) return false;
  if (pathname !== '/__mock/reset') return true;
  const body = await jsonBodyOf(request);
  // A body the app refuses seeds nothing; the app's answer says what is wrong with it.
  if (body === undefined) return false;
  return !resetIsRecorded(body, mockState);
}

function resetIsRecorded(body: Record<string, unknown>, mockState: MockState): boolean {
  if (body.orgId !== undefined) {
    const organization = typeof body.orgId === 'string' ? mockState.organizations.byId(body.orgId) : undefined;
    if (!organization) return true; // answered 404 or 400, seeding nothing
    const planned = organization.plan;
    return (
      body.seed === undefined &&
      body.scenario === undefined &&
      planned !== undefined &&
      recordedScript(planned.plan, planned.seed) !== undefined
    );
  }
  if (body.seed !== undefined && typeof body.seed !== 'number') return true; // answered 400
  const seed = (body.seed as number | undefined) ?? mockState.seed;
  try {
    const scenario = body.scenario === undefined ? mockState.scenario : resolveScenario(String(body.scenario));
    return seedIsRecorded(scenario, seed);
  } catch {
    return true; // an unknown scenario is answered 400
  }
}

/** The body as a JSON object; an empty body is an empty object; anything else (not JSON, not an object) undefined. */
async function jsonBodyOf(request: Request): Promise<Record<string, unknown> | undefined> {
  const text = await request.clone().text();
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
