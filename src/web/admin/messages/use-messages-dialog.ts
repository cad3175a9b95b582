/**
 * The Messages dialog's state (MSG-1, MSG-3, MSG-7, MSG-9): the rules (loaded at each opening,
 * edited one at a time, saved whole with PUT /api/messages), a preview of the rule as edited for
 * a chosen booking and "Send a test", and the chosen property's Wi-Fi and arrival instructions
 * (GET/PUT /api/properties/{id}/private). Calls go through apiFetch (a session ended is its
 * failure, shown with ProblemText: CLIENT-2; a load a newer one replaces is dropped, CLIENT-3); a refusal names its field (`rules.2.body`), which selects that rule and marks the field.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiFetch, type ApiEnv } from '../../api-fetch.js';
import {
  MESSAGES_API,
  type MessagePreview,
  type MessageRule,
  type PropertyPrivate,
} from '../../../shared/messages.js';
import { useLatestCall } from '../../latest-call.js';
import { listEveryBooking } from '../bookings/bookings-api.js';
import { checked } from '../checked-answer.js';
import type { Problem } from '../problem-text.js';

/** A refusal or failure (apiFetch's); `field` the rule's field it is about. */
interface MessagesProblem extends Problem {
  field?: string | undefined;
}

export interface MessagesDialogState {
  loading: boolean;
  rules: MessageRule[];
  selected: number;
  select: (index: number) => void;
  /** Changes the selected rule (not saved until `save`). */
  update: (patch: Partial<MessageRule>) => void;
  addRule: () => void;
  removeRule: () => void;
  save: () => Promise<void>;
  /** The last problem, and the last thing done ("Saved"). */
  problem: MessagesProblem | null;
  done: string | null;
  /** Bookings a preview can be filled from: id and words. */
  bookings: { id: string; label: string }[];
  previewBooking: string;
  setPreviewBooking: (id: string) => void;
  preview: MessagePreview | null;
  runPreview: () => Promise<void>;
  sendTest: () => Promise<void>;
  /** The property whose private fields are shown, and those fields as edited. */
  privateFor: string;
  setPrivateFor: (id: string) => void;
  /** The chosen property's fields are still being read: typing waits, so the answer cannot undo it. */
  privateLoading: boolean;
  privateFields: PropertyPrivate;
  setPrivateField: (key: keyof PropertyPrivate, value: string) => void;
  savePrivate: () => Promise<void>;
}

function problemOf(r: MessagesProblem): MessagesProblem {
  return { error: r.error, sessionEnded: r.sessionEnded, field: r.field };
}

function newRule(n: number): MessageRule {
  return {
    id: `rule-${Date.now().toString(36)}-${n}`,
    name: 'New message',
    enabled: false,
    trigger: 'before-check-in',
    days: 1,
    time: '10:00',
    propertyIds: [],
    skipLate: false,
    subject: 'Your stay at {{property_name}}',
    body: 'Dear {{guest_first_name}},\n\n',
  };
}

/** `opening` 0: never opened (nothing loaded); each new value loads again. `properties`: the catalogue's. */
export function useMessagesDialog(
  opening: number,
  properties: { id: string; name: string }[],
  env: ApiEnv = {},
): MessagesDialogState {
  const [loadedFor, setLoadedFor] = useState(0);
  const [rules, setRules] = useState<MessageRule[]>([]);
  const [selected, setSelected] = useState(0);
  const [problem, setProblem] = useState<MessagesProblem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [bookings, setBookings] = useState<{ id: string; label: string }[]>([]);
  const [previewBooking, setPreviewBooking] = useState('');
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const [privateFor, setPrivateFor] = useState(properties[0]?.id ?? '');
  const [privateLoadedFor, setPrivateLoadedFor] = useState('');
  const [privateFields, setPrivateFields] = useState<PropertyPrivate>({});

  const rulesCall = useLatestCall();
  const bookingsCall = useLatestCall();
  const privateCall = useLatestCall();

  useEffect(() => {
    if (opening === 0) return;
    const stopRules = rulesCall.run(
      async (signal) =>
        checked(
          await apiFetch(MESSAGES_API.rules, { ...env, signal }),
          (v): v is { rules: MessageRule[] } =>
            Array.isArray((v as { rules?: unknown } | null)?.rules),
        ),
      (r) => {
        setLoadedFor(opening);
        setDone(null);
        setPreview(null);
        setProblem(null);
        if (r.ok) {
          setRules(r.value.rules);
          setSelected(0);
        } else setProblem(problemOf(r));
      },
    );
    const stopBookings = bookingsCall.run(
      (signal) => listEveryBooking(env, 'all', signal),
      (r) => {
        if (!r.ok) return;
        const usable = r.value.bookings
          .filter((b) => (b.status === 'confirmed' || b.status === 'accepted') && b.name)
          .map((b) => ({
            id: b.id,
            label: `${b.reference} · ${b.name} · ${b.propertyName}`,
          }));
        setBookings(usable);
        setPreviewBooking((prev) =>
          usable.some((b) => b.id === prev) ? prev : (usable[0]?.id ?? ''),
        );
      },
    );
    return () => {
      stopRules();
      stopBookings();
    };
    // env is the page's own server unless a test passes one: fixed for the dialog's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening]);

  useEffect(() => {
    if (opening === 0 || !privateFor) return;
    return privateCall.run(
      (signal) => apiFetch(MESSAGES_API.private, { ...env, params: { id: privateFor }, signal }),
      (r) => {
        if (r.ok) setPrivateFields(r.value ?? {});
        else {
          setPrivateFields({});
          if (r.status !== 404) setProblem(problemOf(r));
        }
        setPrivateLoadedFor(privateFor);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, privateFor]);

  const update = useCallback(
    (patch: Partial<MessageRule>) => {
      setRules((all) => all.map((r, i) => (i === selected ? { ...r, ...patch } : r)));
      setDone(null);
    },
    [selected],
  );

  const save = useCallback(async () => {
    setDone(null);
    const r = await apiFetch(MESSAGES_API.rules, { ...env, method: 'PUT', body: { rules } });
    if (r.ok) {
      setRules(r.value.rules);
      setProblem(null);
      setDone('Saved. Messages go at their times from now on.');
      return;
    }
    const p = problemOf(r);
    const at = /^rules\.(\d+)\./.exec(p.field ?? '');
    if (at) setSelected(Number(at[1]));
    setProblem(p);
  }, [env, rules]);

  const rule = rules[selected];
  const runPreview = useCallback(async () => {
    if (!rule || !previewBooking) return;
    setDone(null);
    const r = await apiFetch(MESSAGES_API.preview, {
      ...env,
      method: 'POST',
      body: { rule: { subject: rule.subject, body: rule.body }, bookingId: previewBooking },
    });
    if (r.ok) {
      setPreview(r.value);
      setProblem(null);
    } else setProblem(problemOf(r));
  }, [env, rule, previewBooking]);

  const sendTest = useCallback(async () => {
    if (!rule || !previewBooking) return;
    const r = await apiFetch(MESSAGES_API.test, {
      ...env,
      method: 'POST',
      body: { rule: { subject: rule.subject, body: rule.body }, bookingId: previewBooking },
    });
    if (r.ok) {
      setProblem(null);
      setDone(`A test is on its way to ${r.value.to}.`);
    } else setProblem(problemOf(r));
  }, [env, rule, previewBooking]);

  const savePrivate = useCallback(async () => {
    setDone(null);
    const r = await apiFetch(MESSAGES_API.private, {
      ...env,
      method: 'PUT',
      params: { id: privateFor },
      body: privateFields,
    });
    if (r.ok) {
      setPrivateFields(r.value);
      setProblem(null);
      const name = properties.find((p) => p.id === privateFor)?.name ?? privateFor;
      setDone(`Saved for ${name}. Held messages go within minutes.`);
    } else setProblem(problemOf(r));
  }, [env, privateFor, privateFields, properties]);

  return {
    loading: loadedFor !== opening,
    rules,
    selected,
    select: (i) => {
      setSelected(i);
      setPreview(null);
    },
    update,
    addRule: () => {
      setRules((all) => [...all, newRule(all.length)]);
      setSelected(rules.length);
      setPreview(null);
    },
    removeRule: () => {
      setRules((all) => all.filter((_, i) => i !== selected));
      setSelected(0);
      setPreview(null);
    },
    save,
    problem,
    done,
    bookings,
    previewBooking,
    setPreviewBooking,
    preview,
    runPreview,
    sendTest,
    privateFor,
    setPrivateFor,
    privateLoading: privateLoadedFor !== privateFor,
    privateFields,
    setPrivateField: (key, value) => setPrivateFields((f) => ({ ...f, [key]: value })),
    savePrivate,
  };
}
