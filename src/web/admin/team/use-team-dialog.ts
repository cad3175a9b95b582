/**
 * The Team dialog's state (TEAM-2, TEAM-4, TEAM-6, TEAM-7): the accounts and pending setups, the
 * staff links, the sessions and the access log, each loaded at every opening through apiFetch
 * (only what the role may see: an owner everything, a manager the staff links and their own
 * sessions). Every change reloads; a refusal is kept as the call's result, shown in the server's
 * words.
 */
import { useEffect, useState } from 'react';
import { useLatestCall } from '../../latest-call.js';
import { apiFetch, type ApiFailure } from '../../api-fetch.js';
import { addDays, today } from '../../../shared/calendar-dates.js';
import type { Role } from '../../../shared/permissions.js';
import {
  TEAM_API,
  type AccessLogEntry,
  type SessionInfo,
  type StaffLinkInfo,
  type TeamAnswer,
} from '../../../shared/team.js';
import { TWO_STEP_API } from '../../../shared/two-step.js';
import type { May } from '../may.js';

export interface TeamDialogState {
  team: TeamAnswer | null;
  links: StaffLinkInfo[];
  sessions: SessionInfo[];
  log: AccessLogEntry[];
  logFrom: string;
  logTo: string;
  /** The last refusal (null when the last call went through). */
  problem: ApiFailure | null;
  /** The link just made (a setup link or a staff link): shown once, to copy. */
  madeLink: { label: string; url: string } | null;
  busy: boolean;
  addAccount(username: string, role: Role): Promise<void>;
  changeRole(username: string, role: Role): Promise<void>;
  removeAccount(username: string): Promise<void>;
  addLink(label: string): Promise<void>;
  removeLink(id: number): Promise<void>;
  endSession(id: string): Promise<void>;
  showLog(from: string, to: string): void;
  /** TOTP-6: turns another account's two-step login off (a lost phone). */
  resetTwoStep(username: string): Promise<void>;
  /** TOTP-5: the roles that must use two-step login. */
  requireTwoStep(roles: Role[]): Promise<void>;
}

export function useTeamDialog(opening: number, may: May): TeamDialogState {
  const [team, setTeam] = useState<TeamAnswer | null>(null);
  const [links, setLinks] = useState<StaffLinkInfo[]>([]);
  const [sessions, setSessions] = useState<SessionInfo[]>([]);
  const [log, setLog] = useState<AccessLogEntry[]>([]);
  const [logTo, setLogTo] = useState(() => today());
  const [logFrom, setLogFrom] = useState(() => addDays(today(), -30));
  const [problem, setProblem] = useState<ApiFailure | null>(null);
  const [madeLink, setMadeLink] = useState<{ label: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const owner = may('team');
  const staff = may('staffLinks');

  const [reloads, setReloads] = useState(0);
  const latest = useLatestCall();
  useEffect(() => {
    if (opening === 0) return;
    return latest.run(
      async (signal) => ({
        sessions: await apiFetch(TEAM_API.sessions, { signal }),
        links: staff ? await apiFetch(TEAM_API.staffLinks, { signal }) : undefined,
        team: owner ? await apiFetch(TEAM_API.team, { signal }) : undefined,
        log: owner
          ? await apiFetch(TEAM_API.accessLog, { signal, query: { from: logFrom, to: logTo } })
          : undefined,
      }),
      (r) => {
        if (r.sessions.ok) setSessions(r.sessions.value.sessions);
        else setProblem(r.sessions);
        if (r.links?.ok && 'links' in r.links.value) setLinks(r.links.value.links);
        if (r.team?.ok && 'accounts' in r.team.value) setTeam(r.team.value);
        if (r.log?.ok) setLog(r.log.value.entries);
      },
    );
    // latest is the component's; the rest is what a reload depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, reloads, owner, staff, logFrom, logTo]);
  const load = () => setReloads((n) => n + 1);

  /** Runs one change, then reloads; keeps its refusal. */
  async function run(call: () => Promise<{ ok: true } | ApiFailure>) {
    setBusy(true);
    const r = await call();
    setBusy(false);
    setProblem(r.ok ? null : r);
    load();
    return r.ok;
  }

  return {
    team,
    links,
    sessions,
    log,
    logFrom,
    logTo,
    problem,
    madeLink,
    busy,
    async addAccount(username, role) {
      setMadeLink(null);
      await run(async () => {
        const r = await apiFetch(TEAM_API.team, { method: 'POST', body: { username, role } });
        if (r.ok && 'setupUrl' in r.value)
          setMadeLink({ label: `Setup link for ${r.value.username}`, url: r.value.setupUrl });
        return r;
      });
    },
    async changeRole(username, role) {
      await run(() =>
        apiFetch(TEAM_API.account, { method: 'PUT', params: { username }, body: { role } }),
      );
    },
    async removeAccount(username) {
      await run(() => apiFetch(TEAM_API.account, { method: 'DELETE', params: { username } }));
    },
    async addLink(label) {
      setMadeLink(null);
      await run(async () => {
        const r = await apiFetch(TEAM_API.staffLinks, { method: 'POST', body: { label } });
        if (r.ok && 'url' in r.value)
          setMadeLink({ label: `Staff link for ${label}`, url: r.value.url });
        return r;
      });
    },
    async removeLink(id) {
      await run(() => apiFetch(TEAM_API.staffLink, { method: 'DELETE', params: { id } }));
    },
    async endSession(id) {
      await run(() => apiFetch(TEAM_API.session, { method: 'DELETE', params: { id } }));
    },
    showLog(from, to) {
      setLogFrom(from);
      setLogTo(to);
    },
    async resetTwoStep(username) {
      await run(() => apiFetch(TWO_STEP_API.reset, { method: 'DELETE', params: { username } }));
    },
    async requireTwoStep(roles) {
      await run(() => apiFetch(TWO_STEP_API.required, { method: 'PUT', body: { roles } }));
    },
  };
}
