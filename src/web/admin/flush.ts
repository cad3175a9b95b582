/**
 * The flush client: the owner's calls to the server (API-1..API-3) and their feedback (FLOW-4..FLOW-6).
 *
 * - importData: POST /api/import.php with `{ propertyList, homeSections, revision }` (JSON). On 200
 *   the answer `{ revision }` becomes the in-memory revision (STORE-3), so the next edit is based on
 *   it. 409 (someone else published first) and a session ended (no owner session, e.g. a forged
 *   admin-key cookie: apiFetch's SESSION_ENDED, whose notice the bar shows, CLIENT-2) are told to
 *   the owner plainly and stop the flush (AUTH-5, FLOW-10). With 409 the owner is
 *   told the server's sentence and shown the change that was refused in the server's words (the
 *   answer's `yourChanges`), to make it again after reloading (SAF-6).
 * - generate: GET /api/genproperties.php (publishes the latest stored revision).
 * - fullFlush: import, generate, alert `Result\nImport: {s1}\nGenerate Properties: {s2}`, reload.
 * - silentFlush (after upload and delete): import, generate; no alert and no reload unless a call failed.
 * - flushWithoutImporting: generate, alert `Result\nGenerate Properties: {s}`, reload.
 *
 * Calls run one at a time in the order asked, so an import always carries the revision the
 * previous one answered. Every call goes through apiFetch (web/api-fetch.ts).
 */
import type { StaleImportAnswer } from '../../shared/api-types.js';
import { API } from '../../shared/routes.js';
import type { SiteData } from '../../shared/site-data.js';
import { apiFetch, type ApiFailure, type ApiResult } from '../api-fetch.js';
import type { DataStore } from './data-store.js';

/** The answer to one call: ok with its status, or the status (0: no answer) and the error sentence. */
type CallResult = ApiResult<unknown, object>;

/** A problem the admin bar keeps on screen after its alert is dismissed. */
export interface Notice {
  message: string;
  /** True when the owner's session ended (CLIENT-2): the bar then links to the login page. */
  sessionEnded?: boolean;
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
  importData(data: SiteData): Promise<ApiResult<unknown, StaleImportAnswer>>;
  generate(): Promise<CallResult>;
  /** Resolves true when the import was stored; false when it was refused or failed (nothing stored). */
  fullFlush(): Promise<boolean>;
  /** Same result as fullFlush. */
  silentFlush(): Promise<boolean>;
  flushWithoutImporting(): Promise<void>;
}

function statusText(r: CallResult): string {
  return r.status === 0 ? 'no answer from the server' : String(r.status);
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

  const tell = (message: string) => {
    e.alert(message);
    e.notify({ message });
  };
  /** SAF-6: the server's sentence, then the change it refused in its own words (yourChanges). */
  const tellStale = (r: ApiFailure<StaleImportAnswer>) => {
    const change = r.yourChanges ?? [];
    e.alert(change.length ? `${r.error}\n\nYour change was:\n${change.join('\n')}` : r.error);
    e.notify({ message: r.error, ...(change.length ? { unsaved: change } : {}) });
  };

  async function importData(data: SiteData): Promise<ApiResult<unknown, StaleImportAnswer>> {
    const { propertyList, homeSections, revision } = data;
    const result = await apiFetch(API.import, {
      method: 'POST',
      body: { propertyList, homeSections, revision },
      fetch: e.fetch,
    });
    // A 2xx without a revision (not this server's answer) leaves the revision as it was.
    if (result.ok && typeof result.value?.revision === 'number')
      store.set({ ...store.get(), revision: result.value.revision });
    return result;
  }

  const generate = (): Promise<CallResult> => apiFetch(API.generate, { fetch: e.fetch });

  /** Import then generate; returns the import result and, when the import was stored, the generate result. */
  async function importThenGenerate(): Promise<
    | { imported: ApiFailure<StaleImportAnswer>; generated?: undefined }
    | { imported: CallResult; generated: CallResult }
  > {
    const imported = await importData(store.get());
    if (!imported.ok) return { imported };
    return { imported, generated: await generate() };
  }

  /** Tells the owner why an import was not stored; a session ended is its sentence alone (its notice is apiFetch's). */
  function importRefused(r: ApiFailure<StaleImportAnswer>): void {
    if (r.status === 409) tellStale(r);
    else if (r.sessionEnded) e.alert(r.error);
    else tell(`Result\nImport: ${statusText(r)}\n\nNothing was saved: ${r.error}`);
  }

  function resultText(imported: CallResult, generated: CallResult): string {
    const text = `Result\nImport: ${statusText(imported)}\nGenerate Properties: ${statusText(generated)}`;
    return generated.ok ? text : `${text}\n\n${generated.error}`;
  }

  return {
    importData: (data) => serial(() => importData(data)),
    generate: () => serial(generate),
    fullFlush: () =>
      serial(async () => {
        const { imported, generated } = await importThenGenerate();
        if (!generated) {
          importRefused(imported);
          return false;
        }
        e.alert(resultText(imported, generated));
        e.reload();
        return true;
      }),
    silentFlush: () =>
      serial(async () => {
        const { imported, generated } = await importThenGenerate();
        if (!generated) {
          importRefused(imported);
          return false;
        }
        if (!generated.ok) tell(resultText(imported, generated));
        return true;
      }),
    flushWithoutImporting: () =>
      serial(async () => {
        const generated = await generate();
        if (!generated.ok && generated.sessionEnded) {
          e.alert(generated.error);
          return;
        }
        const text = `Result\nGenerate Properties: ${statusText(generated)}`;
        e.alert(generated.ok ? text : `${text}\n\n${generated.error}`);
        e.reload();
      }),
  };
}
