/**
 * The Messages dialog's sections (MSG-1, MSG-3, MSG-7, MSG-9): the list of rules, the editor of
 * the selected rule (every field; the variables as named chips, with a button for each that puts
 * it where the caret is, DAY-15, DAY-21), its preview for a booking
 * with Send a test, and a property's Wi-Fi and arrival instructions. State: useMessagesDialog.
 */
import { useRef, useState } from 'react';
import {
  MESSAGE_TRIGGERS,
  MESSAGE_VARIABLES,
  VARIABLE_LABELS,
  PRIVATE_LIMITS,
  RULE_LIMITS,
  TRIGGER_WORDS,
  TRIGGERS_WITH_DAYS,
  VARIABLE_WORDS,
  type MessageRule,
  type MessageVariable,
  type MessageTrigger,
} from '../../../shared/messages.js';
import type { MessagesDialogState } from './use-messages-dialog.js';
import { VariableField, type VariableFieldHandle } from './variable-field.js';
import admin from '../admin.module.css';
import styles from './messages.module.css';

/** When a rule's message goes, in words: "2 days before check-in, 10:00". */
function whenWords(r: MessageRule): string {
  const days = `${r.days} day${r.days === 1 ? '' : 's'}`;
  switch (r.trigger) {
    case 'confirmed':
      return 'When confirmed';
    case 'check-in-day':
      return `Check-in day, ${r.time}`;
    case 'before-check-in':
      return `${days} before check-in, ${r.time}`;
    case 'before-check-out':
      return `${days} before check-out, ${r.time}`;
    case 'after-check-out':
      return `${days} after check-out, ${r.time}`;
  }
}

export function RuleList({ id, d }: { id: string; d: MessagesDialogState }) {
  return (
    <section aria-labelledby={`${id}-rules`} className={styles.section}>
      <h3 id={`${id}-rules`}>Messages</h3>
      <ul className={styles.rules}>
        {d.rules.map((r, i) => (
          <li key={r.id}>
            <button
              type="button"
              className={styles.rule}
              aria-pressed={i === d.selected}
              onClick={() => d.select(i)}
            >
              <span className={styles.ruleName}>{r.name}</span>
              <span className={r.enabled ? styles.on : styles.off}>{r.enabled ? 'On' : 'Off'}</span>
              <span className={styles.when}>{whenWords(r)}</span>
            </button>
          </li>
        ))}
      </ul>
      {d.rules.length < RULE_LIMITS.rules && (
        <button type="button" className={admin.button} onClick={d.addRule}>
          Add a message
        </button>
      )}
    </section>
  );
}

export function RuleEditor({
  id,
  d,
  properties,
}: {
  id: string;
  d: MessagesDialogState;
  properties: { id: string; name: string }[];
}) {
  const r = d.rules[d.selected];
  if (!r) return null;
  const prefix = `rules.${d.selected}.`;
  const bad = (field: string) => d.problem?.field === prefix + field;
  const invalid = (field: string) =>
    bad(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {};
  const f = (field: string) => `${id}-${field}`;
  return (
    <section aria-labelledby={`${id}-edit`} className={styles.section}>
      <h3 id={`${id}-edit`}>{`Edit “${r.name}”`}</h3>
      <div className={styles.fields}>
        <label htmlFor={f('name')}>Name</label>
        <input
          id={f('name')}
          className={admin.input}
          value={r.name}
          maxLength={RULE_LIMITS.name}
          onChange={(e) => d.update({ name: e.target.value })}
          {...invalid('name')}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={r.enabled}
            onChange={(e) => d.update({ enabled: e.target.checked })}
          />
          On: send this message to confirmed guests
        </label>
        <label htmlFor={f('trigger')}>When</label>
        <select
          id={f('trigger')}
          className={admin.input}
          value={r.trigger}
          onChange={(e) => d.update({ trigger: e.target.value as MessageTrigger })}
        >
          {MESSAGE_TRIGGERS.map((t) => (
            <option key={t} value={t}>
              {TRIGGER_WORDS[t]}
            </option>
          ))}
        </select>
        {TRIGGERS_WITH_DAYS.has(r.trigger) && (
          <>
            <label htmlFor={f('days')}>Days</label>
            <input
              id={f('days')}
              className={admin.input}
              type="number"
              min={0}
              max={RULE_LIMITS.days}
              inputMode="numeric"
              value={r.days}
              onChange={(e) => d.update({ days: Number(e.target.value) })}
              {...invalid('days')}
            />
          </>
        )}
        {r.trigger !== 'confirmed' && (
          <>
            <label htmlFor={f('time')}>Time (India)</label>
            <input
              id={f('time')}
              className={admin.input}
              type="time"
              value={r.time}
              onChange={(e) => d.update({ time: e.target.value })}
              {...invalid('time')}
            />
          </>
        )}
        <fieldset className={styles.properties}>
          <legend>Properties (none ticked: every property)</legend>
          {properties.map((p) => (
            <label key={p.id} className={styles.check}>
              <input
                type="checkbox"
                checked={r.propertyIds.includes(p.id)}
                onChange={(e) =>
                  d.update({
                    propertyIds: e.target.checked
                      ? [...r.propertyIds, p.id]
                      : r.propertyIds.filter((x) => x !== p.id),
                  })
                }
              />
              {p.name}
            </label>
          ))}
        </fieldset>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={r.skipLate}
            onChange={(e) => d.update({ skipLate: e.target.checked })}
          />
          Skip bookings confirmed after this message’s time
        </label>
        <label htmlFor={f('channel')}>Send by</label>
        <select
          id={f('channel')}
          className={admin.input}
          value={r.channel ?? 'email'}
          onChange={(e) => d.update({ channel: e.target.value as 'email' | 'whatsapp' })}
        >
          <option value="email">E-mail (WhatsApp from the inbox when the guest gave none)</option>
          <option value="whatsapp">WhatsApp from the inbox, always</option>
        </select>
        <TemplateFields id={id} r={r} d={d} invalid={invalid} />
      </div>
      <div className={admin.buttons}>
        <button type="button" className={admin.primary} onClick={() => void d.save()}>
          Save all messages
        </button>
        <button type="button" className={admin.button} onClick={d.removeRule}>
          Remove this message
        </button>
      </div>
    </section>
  );
}

/**
 * The subject and the message of a rule (DAY-15, DAY-21): each `{{variable}}` is an atomic chip
 * named in words (VariableField) and stored back as the variable; under them, one button a
 * variable, named in words, that puts it at the caret of the field last used (the message when
 * none was).
 */
function TemplateFields({
  id,
  r,
  d,
  invalid,
}: {
  id: string;
  r: MessageRule;
  d: MessagesDialogState;
  invalid: (field: string) => Record<string, unknown>;
}) {
  const subject = useRef<VariableFieldHandle>(null);
  const body = useRef<VariableFieldHandle>(null);
  const [target, setTarget] = useState<'subject' | 'body'>('body');
  const insert = (variable: MessageVariable) =>
    (target === 'subject' ? subject : body).current?.insert(variable);
  const focus = (field: string) => () => document.getElementById(`${id}-${field}`)?.focus();
  return (
    <>
      <label id={`${id}-subject-label`} onClick={focus('subject')}>
        Subject
      </label>
      <VariableField
        ref={subject}
        id={`${id}-subject`}
        className={admin.input}
        value={r.subject}
        multiline={false}
        maxLength={RULE_LIMITS.subject}
        onFocus={() => setTarget('subject')}
        onChange={(subject) => d.update({ subject })}
        aria-labelledby={`${id}-subject-label`}
        {...invalid('subject')}
      />
      <label id={`${id}-body-label`} onClick={focus('body')}>
        Message
      </label>
      <VariableField
        ref={body}
        id={`${id}-body`}
        className={`${admin.input} ${styles.body}`}
        value={r.body}
        multiline
        maxLength={RULE_LIMITS.body}
        onFocus={() => setTarget('body')}
        onChange={(body) => d.update({ body })}
        aria-labelledby={`${id}-body-label`}
        aria-describedby={`${id}-variables-hint`}
        {...invalid('body')}
      />
      <div role="group" aria-labelledby={`${id}-variables-hint`} className={styles.variables}>
        <p id={`${id}-variables-hint`} className={styles.hint}>
          Words filled in for each booking: tap one to put it where the cursor is in the{' '}
          {target === 'subject' ? 'subject' : 'message'}.
        </p>
        <ul className={styles.chips}>
          {MESSAGE_VARIABLES.map((v) => (
            <li key={v}>
              <button
                type="button"
                className={styles.chip}
                title={VARIABLE_WORDS[v]}
                // Keeps the caret of the field being written in.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => insert(v)}
              >
                {VARIABLE_LABELS[v]}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

export function PreviewSection({ id, d }: { id: string; d: MessagesDialogState }) {
  if (!d.rules[d.selected]) return null;
  return (
    <section aria-labelledby={`${id}-preview`} className={styles.section}>
      <h3 id={`${id}-preview`}>Preview</h3>
      {d.bookings.length === 0 ? (
        <p className={styles.hint}>A preview needs an accepted or confirmed booking.</p>
      ) : (
        <>
          <label htmlFor={`${id}-booking`}>Booking</label>
          <select
            id={`${id}-booking`}
            className={admin.input}
            value={d.previewBooking}
            onChange={(e) => d.setPreviewBooking(e.target.value)}
          >
            {d.bookings.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </select>
          <div className={admin.buttons}>
            <button type="button" className={admin.button} onClick={() => void d.runPreview()}>
              Preview
            </button>
            <button type="button" className={admin.button} onClick={() => void d.sendTest()}>
              Send a test to me
            </button>
          </div>
        </>
      )}
      {d.preview && (
        <div className={styles.preview}>
          <p className={styles.subject}>{d.preview.subject}</p>
          <p className={styles.text}>{d.preview.body}</p>
          {d.preview.missing.length > 0 && (
            <p className={styles.missing}>
              {`Not set, so this message would be held: ${d.preview.missing.map((v) => VARIABLE_WORDS[v]).join(', ')}.`}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

export function PrivateSection({
  id,
  d,
  properties,
}: {
  id: string;
  d: MessagesDialogState;
  properties: { id: string; name: string }[];
}) {
  if (properties.length === 0) return null;
  const f = (field: string) => `${id}-private-${field}`;
  return (
    <section aria-labelledby={`${id}-private`} className={styles.section}>
      <h3 id={`${id}-private`}>Wi-Fi and arrival, per property</h3>
      <p className={styles.hint}>Only you and the guests’ messages see these: never the website.</p>
      <div className={styles.fields}>
        <label htmlFor={f('property')}>Property</label>
        <select
          id={f('property')}
          className={admin.input}
          value={d.privateFor}
          onChange={(e) => d.setPrivateFor(e.target.value)}
        >
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <label htmlFor={f('wifi-name')}>Wi-Fi name</label>
        <input
          id={f('wifi-name')}
          className={admin.input}
          maxLength={PRIVATE_LIMITS.wifiName}
          autoComplete="off"
          value={d.privateFields.wifiName ?? ''}
          readOnly={d.privateLoading}
          onChange={(e) => d.setPrivateField('wifiName', e.target.value)}
        />
        <label htmlFor={f('wifi-password')}>Wi-Fi password</label>
        <input
          id={f('wifi-password')}
          className={admin.input}
          maxLength={PRIVATE_LIMITS.wifiPassword}
          autoComplete="off"
          spellCheck={false}
          value={d.privateFields.wifiPassword ?? ''}
          readOnly={d.privateLoading}
          onChange={(e) => d.setPrivateField('wifiPassword', e.target.value)}
        />
        <label htmlFor={f('arrival')}>Arrival instructions</label>
        <textarea
          id={f('arrival')}
          className={`${admin.input} ${styles.body}`}
          maxLength={PRIVATE_LIMITS.arrivalInstructions}
          rows={4}
          value={d.privateFields.arrivalInstructions ?? ''}
          readOnly={d.privateLoading}
          onChange={(e) => d.setPrivateField('arrivalInstructions', e.target.value)}
        />
      </div>
      <div className={admin.buttons}>
        <button
          type="button"
          className={admin.primary}
          disabled={d.privateLoading}
          onClick={() => void d.savePrivate()}
        >
          Save for this property
        </button>
      </div>
    </section>
  );
}
