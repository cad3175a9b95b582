// @vitest-environment jsdom
/**
 * The notification (INBOX-5): a polite live region always in the page, whose text goes by itself
 * after the specification's 5 seconds (CONST-3); a new text replaces the one shown and starts the
 * 5 seconds again.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MS, Notification, useNotification } from './notification.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A page with a button per text that notifies it. */
function Page({ texts }: { texts: string[] }) {
  const { note, notify } = useNotification();
  return (
    <>
      {texts.map((t) => (
        <button key={t} onClick={() => notify(t)}>
          {t}
        </button>
      ))}
      <Notification note={note} />
    </>
  );
}
const notify = (text: string) => fireEvent.click(screen.getByRole('button', { name: text }));

describe('Notification', () => {
  it('is read by a screen reader and closes by itself after 5 s', () => {
    render(<Page texts={['Saved.']} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    expect(NOTIFICATION_MS).toBe(5000);

    act(() => notify('Saved.'));
    expect(region.textContent).toBe('Saved.');
    act(() => vi.advanceTimersByTime(4_999));
    expect(region.textContent).toBe('Saved.');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe('');
  });

  it('a new text replaces the one shown and has its own 5 s', () => {
    render(<Page texts={['Accepted STY-7K2Q.', 'Declined STY-3MWX.']} />);
    act(() => notify('Accepted STY-7K2Q.'));
    act(() => vi.advanceTimersByTime(3_000));
    act(() => notify('Declined STY-3MWX.'));
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('Declined STY-3MWX.');
    act(() => vi.advanceTimersByTime(4_000));
    expect(region.textContent).toBe('Declined STY-3MWX.');
    act(() => vi.advanceTimersByTime(1_000));
    expect(region.textContent).toBe('');
  });
});
