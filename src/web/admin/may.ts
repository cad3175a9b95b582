/**
 * What the logged-in account's role may do, for the owner's tools (TEAM-1): the admin root asks
 * `GET /api/session` once and every control reads `useMay()`, so a role sees only the controls it
 * may use (no dead buttons). The server checks every call anyway (auth/guard.ts); this only hides.
 * Until the answer arrives every control shows, as before roles; a 401 there is the ended session
 * every other call reports.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { Permission, Role } from '../../shared/permissions.js';
import { API } from '../../shared/routes.js';
import { apiFetch } from '../api-fetch.js';

/** True when the account may use `permission`. */
export type May = (permission: Permission) => boolean;

const mayAll: May = () => true;

export const MayContext = createContext<May>(mayAll);

/** The account's `may`, inside the admin root. */
export function useMay(): May {
  return useContext(MayContext);
}

/** The logged-in account (null until the server answered), and its `may`. */
export function useAccount(): { account: { username: string; role: Role } | null; may: May } {
  const [answer, setAnswer] = useState<{
    username: string;
    role: Role;
    permissions: Permission[];
  } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void apiFetch(API.session, { signal: controller.signal }).then((r) => {
      // An answer of another shape (an older server) leaves every control shown.
      if (r.ok && Array.isArray(r.value?.permissions)) setAnswer(r.value);
    });
    return () => controller.abort();
  }, []);
  // One `may` (and account) per answer: `may` is MayContext's value and part of AdminContext's,
  // so a new function at each admin root render re-rendered every page section reading them
  // (PERF-21: opening a dialog re-rendered the whole home page behind it).
  return useMemo(() => {
    if (!answer) return { account: null, may: mayAll };
    const allowed = new Set(answer.permissions);
    return {
      account: { username: answer.username, role: answer.role },
      may: (p: Permission) => allowed.has(p),
    };
  }, [answer]);
}
