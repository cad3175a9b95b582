// @vitest-environment jsdom
/**
 * The chip field of a message rule (DAY-21) in jsdom: a saved template shows its variables as
 * named, non-editable chips; a chip button puts one at the caret; Backspace and Delete next to a
 * chip, or over a selection holding one, remove it whole; typed or pasted words of a variable
 * become its chip; Enter writes a line break in the message only; an input past the limit is
 * undone; a copy carries the owner's words. jsdom does not edit contenteditable itself, so a typed
 * character is the DOM change the browser makes followed by its `input` event; the browser's own
 * keys on chips are e2e/messages.spec.ts's.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { VariableField, type VariableFieldHandle } from './variable-field.js';

afterEach(cleanup);

function Harness({
  initial,
  multiline = true,
  max = 2000,
}: {
  initial: string;
  multiline?: boolean;
  max?: number;
}) {
  const [value, setValue] = useState(initial);
  const field = useRef<VariableFieldHandle>(null);
  return (
    <>
      <label id="label">Message</label>
      <VariableField
        ref={field}
        id="field"
        value={value}
        onChange={setValue}
        multiline={multiline}
        maxLength={max}
        className=""
        aria-labelledby="label"
      />
      <button type="button" onClick={() => field.current?.insert('nights')}>
        Nights
      </button>
      <button type="button" onClick={() => setValue('Loaded {{guests}}')}>
        Load
      </button>
      <output data-testid="value">{value}</output>
    </>
  );
}

const setup = (initial: string, props: { multiline?: boolean; max?: number } = {}) => {
  render(<Harness initial={initial} {...props} />);
  const field = screen.getByRole('textbox', { name: 'Message' });
  return { field, value: () => screen.getByTestId('value').textContent };
};

function caret(node: Node, offset: number, focusNode = node, focusOffset = offset) {
  const range = document.createRange();
  range.setStart(node, offset);
  range.setEnd(focusNode, focusOffset);
  const sel = document.getSelection()!;
  sel.removeAllRanges();
  sel.addRange(range);
}

/** Fires a `beforeinput` the way the browser does for a key; true when the field took it over. */
const beforeInput = (field: HTMLElement, inputType: string) =>
  !fireEvent(field, new InputEvent('beforeinput', { inputType, bubbles: true, cancelable: true }));

const chips = (field: HTMLElement) =>
  [...field.querySelectorAll('[data-variable]')].map((c) => c.textContent);

describe('VariableField (DAY-21)', () => {
  it('shows a saved rule’s variables as named chips the owner cannot edit', () => {
    const { field, value } = setup('Dear {{guest_first_name}},\n{{ nights }} nights\n');
    expect(field.getAttribute('aria-multiline')).toBe('true');
    expect(field.getAttribute('contenteditable')).toBe('true');
    expect(chips(field)).toEqual(['Guest first name', 'Nights']);
    for (const chip of field.querySelectorAll('[data-variable]')) {
      expect(chip.getAttribute('contenteditable')).toBe('false');
    }
    expect(field.textContent).toBe('Dear Guest first name,\nNights nights\n');
    expect(field.textContent).not.toContain('{{');
    // A last empty line is drawn; the value is untouched until the owner edits.
    expect(field.lastElementChild?.tagName).toBe('BR');
    expect(value()).toBe('Dear {{guest_first_name}},\n{{ nights }} nights\n');
  });

  it('puts a chip at the caret and the caret after it', () => {
    const { field, value } = setup('Dear {{guest_first_name}},');
    caret(field.firstChild!, 5);
    fireEvent.click(screen.getByRole('button', { name: 'Nights' }));
    expect(value()).toBe('Dear {{nights}}{{guest_first_name}},');
    expect(chips(field)).toEqual(['Nights', 'Guest first name']);
    const sel = document.getSelection()!;
    expect([sel.anchorNode, sel.anchorOffset]).toEqual([field, 2]);
  });

  it('removes a chip whole with Backspace after it and Delete before it', () => {
    const { field, value } = setup('Dear {{guest_first_name}}, {{nights}}!');
    caret(field, 2);
    expect(beforeInput(field, 'deleteContentBackward')).toBe(true);
    expect(value()).toBe('Dear , {{nights}}!');
    expect(chips(field)).toEqual(['Nights']);
    caret(field.firstChild!, 7);
    expect(beforeInput(field, 'deleteContentForward')).toBe(true);
    expect(value()).toBe('Dear , !');
    expect(chips(field)).toEqual([]);
    // Next to text, the browser deletes the character itself.
    caret(field.firstChild!, 3);
    expect(beforeInput(field, 'deleteContentBackward')).toBe(false);
  });

  it('removes a selection holding a chip as one edit, never a piece of the chip', () => {
    const { field, value } = setup('ab{{nights}}cd');
    caret(field.firstChild!, 1, field.lastChild!, 1);
    expect(beforeInput(field, 'deleteContentBackward')).toBe(true);
    expect(value()).toBe('ad');
    expect(chips(field)).toEqual([]);
  });

  it('types over a selection holding a chip as one edit, the line breaks around it kept', () => {
    const { field, value } = setup('Dear,\n\n{{nights}}\n\nCall');
    const chip = field.querySelector('[data-variable]')!;
    caret(field, 1, field, 2);
    expect(chip.parentNode).toBe(field);
    const typed = new InputEvent('beforeinput', {
      inputType: 'insertText',
      data: 'two',
      bubbles: true,
      cancelable: true,
    });
    expect(fireEvent(field, typed)).toBe(false);
    expect(value()).toBe('Dear,\n\ntwo\n\nCall');
    // At a caret the browser types the character itself.
    caret(field.firstChild!, 2);
    expect(fireEvent(field, new InputEvent('beforeinput', { ...typed, data: 'x' }))).toBe(true);
  });

  it('moves a caret put inside a chip to its nearer edge, and a range to take the chip whole', () => {
    const { field } = setup('ab{{nights}}cd');
    const words = field.querySelector('[data-variable]')!.firstChild!;
    const at = () => {
      const sel = document.getSelection()!;
      return [sel.anchorNode, sel.anchorOffset, sel.focusNode, sel.focusOffset];
    };
    // "Nights": a tap on its first half, then on its second (a key reads the selection first).
    caret(words, 1);
    fireEvent.keyDown(field, { key: 'x' });
    expect(at()).toEqual([field.firstChild, 2, field.firstChild, 2]);
    caret(words, 4);
    fireEvent.keyDown(field, { key: 'x' });
    expect(at()).toEqual([field.lastChild, 0, field.lastChild, 0]);
    caret(field.firstChild!, 1, words, 2);
    fireEvent.keyDown(field, { key: 'x' });
    expect(at()).toEqual([field.firstChild, 1, field.lastChild, 0]);
  });

  it('keeps typed text plain and makes typed words of a variable its chip', () => {
    const { field, value } = setup('Hi');
    const text = field.firstChild!;
    text.nodeValue = 'Hi [Nights] and {{guests}';
    caret(text, text.nodeValue.length);
    fireEvent.input(field);
    expect(value()).toBe('Hi {{nights}} and {{guests}');
    expect(chips(field)).toEqual(['Nights']);
    const last = field.lastChild!;
    last.nodeValue = ' and {{guests}}';
    caret(last, last.nodeValue.length);
    fireEvent.input(field);
    expect(value()).toBe('Hi {{nights}} and {{guests}}');
    expect(chips(field)).toEqual(['Nights', 'Guests']);
    const sel = document.getSelection()!;
    expect([sel.anchorNode, sel.anchorOffset]).toEqual([field, 4]);
  });

  it('reads a line the browser wrapped in a block as a line break', () => {
    const { field, value } = setup('one');
    const block = document.createElement('div');
    block.textContent = 'two';
    field.append(block);
    caret(block.firstChild!, 3);
    fireEvent.input(field);
    expect(value()).toBe('one\ntwo');
    expect(field.querySelector('div')).toBeNull();
  });

  it('reads a field the browser emptied, leaving its <br>, as empty', () => {
    const { field, value } = setup('a');
    field.innerHTML = '<br>';
    caret(field, 0);
    fireEvent.input(field);
    expect(value()).toBe('');
  });

  it('writes Enter as a line break in the message and ignores it in the subject', () => {
    const message = setup('ab');
    caret(message.field.firstChild!, 1);
    expect(beforeInput(message.field, 'insertParagraph')).toBe(true);
    expect(message.value()).toBe('a\nb');
    cleanup();
    const subject = setup('ab', { multiline: false });
    expect(subject.field.getAttribute('aria-multiline')).toBe('false');
    caret(subject.field.firstChild!, 1);
    expect(beforeInput(subject.field, 'insertLineBreak')).toBe(true);
    expect(subject.value()).toBe('ab');
  });

  it('pastes plain text, its variables as chips, on one line in the subject', () => {
    const { field, value } = setup('x', { multiline: false });
    caret(field.firstChild!, 1);
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', {
      value: { getData: () => ' [Guest first name]\r\nhas {{nights}} <b>nights</b>' },
    });
    fireEvent(field, paste);
    expect(paste.defaultPrevented).toBe(true);
    expect(value()).toBe('x {{guest_first_name}} has {{nights}} <b>nights</b>');
    expect(field.querySelector('b')).toBeNull();
  });

  it('copies the owner’s words, so a chip pasted back is a chip', () => {
    const { field } = setup('ab{{nights}}cd');
    caret(field.firstChild!, 1, field.lastChild!, 1);
    let copied = '';
    const copy = new Event('copy', { bubbles: true, cancelable: true });
    Object.defineProperty(copy, 'clipboardData', {
      value: { setData: (_: string, text: string) => (copied = text) },
    });
    fireEvent(field, copy);
    expect(copied).toBe('b[Nights]c');
  });

  it('undoes an input past the limit', () => {
    const { field, value } = setup('abc', { max: 5 });
    const text = field.firstChild!;
    text.nodeValue = 'abcdef';
    caret(text, 6);
    fireEvent.input(field);
    expect(value()).toBe('abc');
    expect(field.textContent).toBe('abc');
  });

  it('undoes and redoes its own edits, a chip’s as one step', () => {
    const { field, value } = setup('ab');
    caret(field.firstChild!, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Nights' }));
    expect(value()).toBe('ab{{nights}}');
    const text = document.createTextNode('c');
    field.append(text);
    caret(text, 1);
    fireEvent.input(field);
    expect(value()).toBe('ab{{nights}}c');
    expect(beforeInput(field, 'historyUndo')).toBe(true);
    expect(value()).toBe('ab{{nights}}');
    expect(beforeInput(field, 'historyUndo')).toBe(true);
    expect(value()).toBe('ab');
    expect(chips(field)).toEqual([]);
    expect(beforeInput(field, 'historyUndo')).toBe(true);
    expect(value()).toBe('ab');
    expect(beforeInput(field, 'historyRedo')).toBe(true);
    expect(value()).toBe('ab{{nights}}');
    expect(chips(field)).toEqual(['Nights']);
    // The keys, whatever the browser's own history holds.
    fireEvent.keyDown(field, { key: 'y', ctrlKey: true });
    expect(value()).toBe('ab{{nights}}c');
    fireEvent.keyDown(field, { key: 'z', metaKey: true });
    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(value()).toBe('ab');
    fireEvent.keyDown(field, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(value()).toBe('ab{{nights}}');
  });

  it('draws a value loaded from outside', () => {
    const { field, value } = setup('Dear {{guest_first_name}}');
    fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(value()).toBe('Loaded {{guests}}');
    expect(chips(field)).toEqual(['Guests']);
  });
});
