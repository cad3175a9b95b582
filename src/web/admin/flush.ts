/**
 * The flush client: the owner's calls to the server (API-1..API-3) and their feedback (FLOW-4..FLOW-6).
 *
 * - importData: POST /api/import.php with `{ propertyList, homeSections, revision }` (JSON). On 200
 *   the answer `{ revision }` becomes the in-memory revision (STORE-3), so the next edit is based on
 *   it. 409 (someone else published first) and 401 (no owner session, e.g. a forged admin-key
 *   cookie) are told to the owner plainly and stop the flush (AUTH-5, FLOW-10). With 409 the owner also
 *   sees the change that was refused, in words, to make it again after reloading (SAF-6).
 * - generate: GET /api/genproperties.php (publishes the latest stored revision).
 * - fullFlush: import, generate, alert `Result\nImport: {s1}\nGenerate Properties: {s2}`, reload.
 * - silentFlush (after upload and delete): import, generate; no alert and no reload unless a call failed.
 * - flushWithoutImporting: generate, alert `Result\nGenerate Properties: {s}`, reload.
 *
 * Calls run one at a time in the order asked, so an import always carries the revision the
 * previous one answered. Every request sends the session cookie (credentials: 'same-origin').
 */
import { API, LOGIN_PATH } from '../../shared/routes.js';
import type { SiteData } from '../../shared/site-data.js';
import type { DataStore } from './data-store.js';

/** Shown when import answers 409 (SAF-6: an import based on an old revision is refused). */
export const CONFLICT_MESSAGE =
  'Your change was not saved: the site was changed after you opened this page (in another tab, on another device, or by a restore from History), and saving would have undone that. Reload the page to get the latest version, then make your change again.';

/** The 409 alert: CONFLICT_MESSAGE, then the refused change when it is known (SAF-6). */
function conflictMessage(change: string[] = []): string {
  return change.length === 0
    ? CONFLICT_MESSAGE
    : `${CONFLICT_MESSAGE}\n\nYour change was:\n${change.join('\n')}`;
}
/** Shown when a write answers 401: the admin-key cookie is there but the owner session is not. */
export const LOGIN_MESSAGE = `You are not logged in as the owner (or your session has ended), so nothing was changed. Log in again at ${LOGIN_PATH} and make your change again.`;

/** The answer to one call: its HTTP status (0 when the server could not be reached) and error sentence. */
export interface CallResult {
  status: number;
  ok: boolean;
  /** The server's `error` sentence, or the network failure, when the call failed. */
  error?: string;
}

/** A problem the admin bar keeps on screen after its alert is dismissed. */
export interface Notice {
  message: string;
  /** True when the fix is logging in again (the bar then links to LOGIN_PATH). */
  login: boolean;
  /** SAF-6: the refused change, one line each, shown to be made again after reloading. */
  unsaved?: string[];
  /** True once the page was reloaded after the refusal (the bar then offers no reload). */
  reloaded?: boolean;
}

export interface FlushEnv {
  fetch: typeof fetch;
  alert: (message: string) => void;
  reload: () => void;
  notify: (notice: Notice) => void;
}

export interface FlushClient {
  importData(data: SiteData): Promise<CallResult>;
  generate(): Promise<CallResult>;
  /**
   * Resolves true when the import was stored; false when it was refused or failed (nothing
   * stored). `change` is the owner's edit in words (unsaved-change.ts), shown if it is refused.
   */
  fullFlush(change?: string[]): Promise<boolean>;
  /** Same result and argument as fullFlush. */
  silentFlush(change?: string[]): Promise<boolean>;
  flushWithoutImporting(): Promise<void>;
}

function statusText(r: CallResult): string {
  return r.status === 0 ? 'no answer from the server' : String(r.status);
}

async function call(
  env: FlushEnv,
  url: string,
  init: RequestInit,
): Promise<{ result: CallResult; body: unknown }> {
  let res: Response;
  try {
    res = await env.fetch(url, {
      ...init,
      credentials: 'same-origin',
      headers: { ...init.headers, accept: 'application/json' },
    });
  } catch (err) {
    return {
      result: { status: 0, ok: false, error: `The server could not be reached (${String(err)}).` },
      body: undefined,
    };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const error =
    !res.ok &&
    body &&
    typeof body === 'object' &&
    typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : undefined;
  return {
    result: { status: res.status, ok: res.ok, ...(error === undefined ? {} : { error }) },
    body,
  };
}

/** Creates the client over the in-memory data. `env` defaults to the browser's own functions. */
export function createFlushClient(store: DataStore, env: Partial<FlushEnv> = {}): FlushClient {
  const e: FlushEnv = {
    fetch: env.fetch ?? ((input, init) => fetch(input, init)),
    alert: env.alert ?? ((m) => window.alert(m)),
    reload: env.reload ?? (() => location.reload()),
    notify: env.notify ?? (() => undefined),
  };
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  const tell = (message: string, login = false) => {
    e.alert(message);
    e.notify({ message, login });
  };
  const tellConflict = (change: string[] = []) => {
    e.alert(conflictMessage(change));
    e.notify({
      message: CONFLICT_MESSAGE,
      login: false,
      ...(change.length ? { unsaved: change } : {}),
    });
  };

  async function importData(data: SiteData): Promise<CallResult> {
    const payload = {
      propertyList: data.propertyList,
      homeSections: data.homeSections,
      revision: data.revision,
    };
    const { result, body } = await call(e, API.import, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const revision = (body as { revision?: unknown } | undefined)?.revision;
    if (result.status === 200 && typeof revision === 'number')
      store.set({ ...store.get(), revision });
    return result;
  }

  const generate = async (): Promise<CallResult> =>
    (await call(e, API.generate, { method: 'GET' })).result;

  /** Import then generate; returns the import result and, when the import was stored, the generate result. */
  async function importThenGenerate(): Promise<{ imported: CallResult; generated?: CallResult }> {
    const imported = await importData(store.get());
    if (!imported.ok) return { imported };
    return { imported, generated: await generate() };
  }

  /** Tells the owner why an import was not stored. */
  function importRefused(r: CallResult, change?: string[]): void {
    if (r.status === 409) tellConflict(change);
    else if (r.status === 401) tell(LOGIN_MESSAGE, true);
    else
      tell(
        `Result\nImport: ${statusText(r)}\n\nNothing was saved: ${r.error ?? 'the server refused the change.'}`,
      );
  }

  function resultText(imported: CallResult, generated: CallResult): string {
    const text = `Result\nImport: ${statusText(imported)}\nGenerate Properties: ${statusText(generated)}`;
    return generated.ok ? text : `${text}\n\n${generated.error ?? 'The site was not published.'}`;
  }

  return {
    importData: (data) => serial(() => importData(data)),
    generate: () => serial(generate),
    fullFlush: (change) =>
      serial(async () => {
        const { imported, generated } = await importThenGenerate();
        if (!generated) {
          importRefused(imported, change);
          return false;
        }
        e.alert(resultText(imported, generated));
        e.reload();
        return true;
      }),
    silentFlush: (change) =>
      serial(async () => {
        const { imported, generated } = await importThenGenerate();
        if (!generated) {
          importRefused(imported, change);
          return false;
        }
        if (!generated.ok) tell(resultText(imported, generated));
        return true;
      }),
    flushWithoutImporting: () =>
      serial(async () => {
        const generated = await generate();
        if (generated.status === 401) {
          tell(LOGIN_MESSAGE, true);
          return;
        }
        const text = `Result\nGenerate Properties: ${statusText(generated)}`;
        e.alert(
          generated.ok ? text : `${text}\n\n${generated.error ?? 'The site was not published.'}`,
        );
        e.reload();
      }),
  };
}
