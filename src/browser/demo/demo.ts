/**
 * The demo page: lists, creates and deletes assistants through the API,
 * answered by the mock inside the page. Every change goes through `fetch`,
 * never through the mock state directly, so the page behaves as a real frontend.
 * Query parameters: `seed` (default 1), `persist` (keep the state across reloads).
 */
import { createControlClient, startBrowserMock } from '../index.js';
import { byId, element, page } from './dom.js';

interface AssistantSummary {
  id: string;
  name: string;
  language?: string;
}

interface Problem {
  title?: string;
  detail?: string;
}

const params = new URLSearchParams(page.location.search);

async function main(): Promise<void> {
  // An empty ?seed= is no seed; a seed that is not one (?seed=abc) stops the start with the reason shown on the page.
  const seed = Number(params.get('seed') || '1');
  const mock = await startBrowserMock({ seed, persist: params.has('persist') });
  const token = mock.organizations()[0]?.token;
  if (!token) throw new Error('The scenario has no organization, so there is no token to use.');
  byId('token').textContent = token;
  const origin = mock.restored ? 'state restored from localStorage' : `seed ${seed}`;
  byId('status').textContent = `Mock running in this page (${origin}).`;
  const api = apiFor(token);

  const refresh = async () => renderList(await api<AssistantSummary[]>('GET', '/api/v1/assistants'), api, refresh);
  byId('create').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = byId('name');
    void attempt(async () => {
      await api('POST', '/api/v1/assistants', { name: name.value });
      name.value = '';
      await refresh();
    });
  });
  // The control API answers inside the page too: a reset puts the seeded records back.
  const control = createControlClient();
  byId('reset').addEventListener('click', () => {
    void attempt(async () => {
      await control.reset();
      await refresh();
    });
  });
  await refresh();
  page.document.body.setAttribute('data-state', 'ready');
}

type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Sends JSON with the token; a problem response becomes an error carrying its detail. */
function apiFor(token: string): Api {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const parsed = (await res.json()) as T & Problem;
    if (!res.ok) throw new Error(`${res.status} ${parsed.title ?? ''}: ${parsed.detail ?? ''}`);
    return parsed;
  };
}

function renderList(assistants: AssistantSummary[], api: Api, refresh: () => Promise<void>): void {
  const rows = assistants.map((assistant) => {
    const row = element('li', '', { 'data-id': assistant.id });
    const remove = element('button', 'Delete', { type: 'button', 'aria-label': `Delete ${assistant.name}` });
    remove.addEventListener('click', () => {
      remove.disabled = true;
      void attempt(async () => {
        await api('DELETE', `/api/v1/assistants/${assistant.id}`);
        await refresh();
      });
    });
    row.append(element('span', assistant.name, { class: 'name' }), element('small', assistant.language ?? ''), remove);
    return row;
  });
  byId('assistants').replaceChildren(...rows);
  byId('count').textContent = `${assistants.length} assistants`;
}

/** Runs an action and shows its failure on the page instead of losing it in the console. */
async function attempt(action: () => Promise<void>): Promise<void> {
  byId('message').textContent = '';
  try {
    await action();
  } catch (error) {
    byId('message').textContent = error instanceof Error ? error.message : String(error);
  }
}

main().catch((error: unknown) => {
  byId('status').textContent = `The mock did not start: ${error instanceof Error ? error.message : String(error)}`;
  page.document.body.setAttribute('data-state', 'failed');
});
