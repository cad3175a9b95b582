/**
 * The Team dialog (TEAM-2, TEAM-4, TEAM-6, TEAM-7), opened by the admin bar's 'Team' control:
 * for an owner, the accounts (role, last login; change the role, remove), Add a person (a setup
 * link to send them), the staff links, every session and the access log; for a manager, the staff
 * links and their own sessions. Everyone sets up their own two-step login; an owner resets
 * another's and chooses the roles that must use it (TOTP-2, TOTP-5, TOTP-6). Only what the role
 * may do is shown (TEAM-1). State:
 * useTeamDialog. A native modal `<dialog id="team">` in the shared AdminDialog frame.
 */
import { useId, useState } from 'react';
import { formatInstant } from '../../../shared/instants.js';
import { ROLE_NAMES, ROLES, type Role } from '../../../shared/permissions.js';
import { AdminDialog } from '../admin-dialog.js';
import { useMay } from '../may.js';
import { ProblemText } from '../problem-text.js';
import admin from '../admin.module.css';
import styles from './team.module.css';
import { MyTwoStep, RequiredRoles } from './two-step-section.js';
import { useTeamDialog, type TeamDialogState } from './use-team-dialog.js';

export const TEAM_DIALOG_ID = 'team';

function RoleSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: Role;
  onChange: (role: Role) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_NAMES[r]}
        </option>
      ))}
    </select>
  );
}

function Accounts({
  d,
  me,
  confirm,
}: {
  d: TeamDialogState;
  me: string | undefined;
  confirm: (m: string) => boolean;
}) {
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('manager');
  const nameId = useId();
  if (!d.team) return null;
  return (
    <section aria-labelledby={`${nameId}-h`}>
      <h3 id={`${nameId}-h`}>People</h3>
      <ul className={styles.list}>
        {d.team.accounts.map((a) => (
          <li key={a.username} className={styles.row}>
            <span className={styles.name}>
              {a.username}
              {a.username === me ? ' (you)' : ''}
              <span className={styles.muted}>
                {a.lastLoginAt ? `Last login ${formatInstant(a.lastLoginAt)}` : 'Never logged in'}
                {a.twoStep ? '; two-step login on' : ''}
              </span>
            </span>
            <RoleSelect
              label={`Role of ${a.username}`}
              value={a.role}
              disabled={d.busy}
              onChange={(r) => void d.changeRole(a.username, r)}
            />
            {a.twoStep && a.username !== me && (
              <button
                type="button"
                className={admin.button}
                disabled={d.busy}
                onClick={() => {
                  if (
                    confirm(
                      `Reset ${a.username}'s two-step login (a lost phone)? They are logged out and log in with their password alone, or set it up again if their role requires it.`,
                    )
                  )
                    void d.resetTwoStep(a.username);
                }}
              >
                Reset two-step <span className="visually-hidden">{a.username}</span>
              </button>
            )}
            <button
              type="button"
              className={admin.danger}
              disabled={d.busy}
              onClick={() => {
                if (confirm(`Remove ${a.username}? They are logged out at once.`))
                  void d.removeAccount(a.username);
              }}
            >
              Remove <span className="visually-hidden">{a.username}</span>
            </button>
          </li>
        ))}
        {d.team.pending.map((p) => (
          <li key={p.username} className={styles.row}>
            <span className={styles.name}>
              {p.username}
              <span className={styles.muted}>
                {ROLE_NAMES[p.role]}, waiting for their password (link valid until{' '}
                {formatInstant(p.expiresAt)})
              </span>
            </span>
            <button
              type="button"
              className={admin.button}
              disabled={d.busy}
              onClick={() => void d.removeAccount(p.username)}
            >
              Withdraw link <span className="visually-hidden">{p.username}</span>
            </button>
          </li>
        ))}
      </ul>
      <RequiredRoles
        required={d.team.twoStepRequired}
        busy={d.busy}
        save={(roles) => void d.requireTwoStep(roles)}
      />
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void d.addAccount(username.trim(), role);
        }}
      >
        <label htmlFor={nameId}>Username of the new person</label>
        <input
          id={nameId}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
        />
        <RoleSelect label="Their role" value={role} onChange={setRole} />
        <button type="submit" className={admin.primary} disabled={d.busy || username.trim() === ''}>
          Add person
        </button>
      </form>
    </section>
  );
}

function StaffLinks({ d, confirm }: { d: TeamDialogState; confirm: (m: string) => boolean }) {
  const [label, setLabel] = useState('');
  const labelId = useId();
  return (
    <section aria-labelledby={`${labelId}-h`}>
      <h3 id={`${labelId}-h`}>Staff links</h3>
      <p className={styles.muted}>
        A page for the people who clean and keep the keys: the next 14 days of arrivals, departures
        and blocked nights, with no guest’s name, contact or payment.
      </p>
      {d.links.length > 0 && (
        <ul className={styles.list}>
          {d.links.map((l) => (
            <li key={l.id} className={styles.row}>
              <span className={styles.name}>
                {l.label}
                <span className={styles.muted}>
                  Made by {l.createdBy}, {formatInstant(l.createdAt)}
                </span>
              </span>
              <button
                type="button"
                className={admin.danger}
                disabled={d.busy}
                onClick={() => {
                  if (confirm(`Withdraw the link "${l.label}"? It stops working at once.`))
                    void d.removeLink(l.id);
                }}
              >
                Withdraw <span className="visually-hidden">{l.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void d.addLink(label.trim());
        }}
      >
        <label htmlFor={labelId}>Who the link is for</label>
        <input
          id={labelId}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className={admin.primary} disabled={d.busy || label.trim() === ''}>
          Make staff link
        </button>
      </form>
    </section>
  );
}

function Sessions({ d }: { d: TeamDialogState }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>Logged-in devices</h3>
      <ul className={styles.list}>
        {d.sessions.map((s) => (
          <li key={s.id} className={styles.row}>
            <span className={styles.name}>
              {s.username}: {s.browser}
              {s.current ? ' (this device)' : ''}
              <span className={styles.muted}>
                From {s.network}; logged in {formatInstant(s.createdAt)}, last used{' '}
                {formatInstant(s.lastUsedAt)}
              </span>
            </span>
            {!s.current && (
              <button
                type="button"
                className={admin.button}
                disabled={d.busy}
                onClick={() => void d.endSession(s.id)}
              >
                Log out <span className="visually-hidden">{`${s.username} ${s.browser}`}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AccessLog({ d }: { d: TeamDialogState }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>Who opened guests’ data</h3>
      <div className={styles.form}>
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={d.logFrom}
          onChange={(e) => d.showLog(e.target.value, d.logTo)}
        />
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={d.logTo}
          onChange={(e) => d.showLog(d.logFrom, e.target.value)}
        />
      </div>
      {d.log.length === 0 ? (
        <p className={styles.muted}>Nothing in these days.</p>
      ) : (
        <ul className={styles.list}>
          {d.log.map((e, i) => (
            <li key={i} className={styles.logRow}>
              <span className={styles.muted}>{formatInstant(e.at)}</span> {e.username}: {e.action}
              {e.bookingReference ? ` (${e.bookingReference})` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function TeamDialog({
  opening,
  close,
  me,
  confirm,
}: {
  opening: number;
  close: () => void;
  /** The logged-in username, when known. */
  me: string | undefined;
  confirm: (message: string) => boolean;
}) {
  const may = useMay();
  const d = useTeamDialog(opening, may);
  return (
    <AdminDialog id={TEAM_DIALOG_ID} title="Team" className={styles.dialog} close={close}>
      {d.problem && (
        <p className={styles.problem} role="alert">
          <ProblemText problem={d.problem} />
        </p>
      )}
      {d.madeLink && (
        <div className={styles.made} role="status">
          <p>{d.madeLink.label}: send it to them. It is shown only now.</p>
          <input
            readOnly
            aria-label={d.madeLink.label}
            value={d.madeLink.url}
            onFocus={(e) => e.target.select()}
          />
        </div>
      )}
      {may('team') && <Accounts d={d} me={me} confirm={confirm} />}
      <MyTwoStep opening={opening} />
      {may('staffLinks') && <StaffLinks d={d} confirm={confirm} />}
      <Sessions d={d} />
      {may('team') && <AccessLog d={d} />}
    </AdminDialog>
  );
}
