/**
 * A field of a message rule where each variable is one named chip (DAY-21): a contenteditable
 * `role="textbox"` whose text stays plain text and whose variables are `contenteditable="false"`
 * spans showing their names ("Guest first name"). The caret steps over a chip as one unit, a tap
 * on a chip puts it at the chip's nearer edge, and Backspace or Delete removes it whole; typing
 * over a selection replaces it as one edit; Enter writes a line break (the message only); paste puts
 * in plain text (a drop is refused), where a pasted or typed `[Guest first name]` or
 * `{{guest_first_name}}` becomes its chip. What it hands to `onChange` is the stored template (template-parts.ts), the
 * same text the bracketed editor of DAY-15 stored.
 *
 * The DOM is the browser's while the owner types (so keyboards, IMEs and spell checkers work as
 * in any field); after each input it is read back into parts and, when it is not what the parts
 * draw (a chip made of typed words, a line the browser wrapped in a block), drawn again with the
 * caret kept at the same unit. Undo and redo are the field's own (DAY-23), since a redraw breaks
 * the browser's history.
 */
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react';
import { toOwnerWords, VARIABLE_LABELS, type MessageVariable } from '../../../shared/messages.js';
import {
  normalParts,
  parseTemplate,
  replaceUnits,
  serializeTemplate,
  unitLength,
  type TemplatePart,
} from './template-parts.js';
import styles from './messages.module.css';

/** What the rule editor's chip buttons call: put a variable where the caret was last. */
export interface VariableFieldHandle {
  insert(variable: MessageVariable): void;
}

interface Props {
  id: string;
  /** The stored template, `{{variable}}` syntax (MSG-2). */
  value: string;
  onChange(value: string): void;
  multiline: boolean;
  /** The most characters the stored text may have (RULE_LIMITS); an input past it is undone. */
  maxLength: number;
  className?: string;
  onFocus?(): void;
  'aria-labelledby': string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

interface Snapshot {
  text: string;
  caret: number;
}

const BLOCKS = new Set(['DIV', 'P', 'LI']);

/**
 * The parts a DOM tree draws: text nodes, chips by their `data-variable`, `<br>` and blocks as
 * line breaks. A `<br>` that ends its block draws no line (HTML's rule; browsers leave one in a
 * field they emptied), except in `prefix`, a piece cut at the caret.
 */
function readParts(root: Node, prefix = false): TemplatePart[] {
  const raw: TemplatePart[] = [];
  const ends = (node: Node) => {
    for (let next = node.nextSibling; next; next = next.nextSibling) {
      if (next.nodeType !== Node.TEXT_NODE || next.nodeValue !== '') return false;
    }
    return true;
  };
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) raw.push(child.nodeValue ?? '');
      else if (child instanceof Element) {
        const variable = child.getAttribute('data-variable');
        if (variable !== null && variable in VARIABLE_LABELS) {
          raw.push({ variable: variable as MessageVariable });
        } else if (child.tagName === 'BR') {
          if (!child.hasAttribute('data-end') && (prefix || !ends(child))) raw.push('\n');
        } else {
          if (BLOCKS.has(child.tagName) && unitLength(normalParts(raw)) > 0) raw.push('\n');
          walk(child);
        }
      }
    }
  };
  walk(root);
  // Typed or pasted words of a variable become its chip.
  return normalParts(raw.flatMap((p) => (typeof p === 'string' ? parseTemplate(p) : [p])));
}

/** Draws parts into `el`: text nodes and chips, and a `<br>` that shows a last empty line. */
function drawParts(el: HTMLElement, parts: readonly TemplatePart[]): void {
  const doc = el.ownerDocument;
  const nodes: Node[] = parts.map((p) => {
    if (typeof p === 'string') return doc.createTextNode(p);
    const chip = doc.createElement('span');
    chip.className = styles.token ?? '';
    chip.setAttribute('contenteditable', 'false');
    chip.setAttribute('data-variable', p.variable);
    chip.textContent = VARIABLE_LABELS[p.variable];
    return chip;
  });
  const last = parts[parts.length - 1];
  if (typeof last === 'string' && last.endsWith('\n')) {
    const br = doc.createElement('br');
    br.setAttribute('data-end', '');
    nodes.push(br);
  }
  el.replaceChildren(...nodes);
}

/** The markup `drawParts` gives, to tell whether the browser's DOM needs drawing again. */
function drawnHtml(el: HTMLElement, parts: readonly TemplatePart[]): string {
  const copy = el.ownerDocument.createElement('div');
  drawParts(copy, parts);
  return copy.innerHTML;
}

/** The selection inside `el` as units (a chip is one), or undefined when it is elsewhere. */
function selectionUnits(el: HTMLElement): { start: number; end: number } | undefined {
  const sel = el.ownerDocument.getSelection();
  if (!sel || sel.rangeCount === 0) return undefined;
  const range = sel.getRangeAt(0);
  if (!el.contains(range.startContainer) || !el.contains(range.endContainer)) return undefined;
  const at = (node: Node, offset: number) => {
    const before = el.ownerDocument.createRange();
    before.setStart(el, 0);
    before.setEnd(node, offset);
    return unitLength(readParts(before.cloneContents(), true));
  };
  const start = at(range.startContainer, range.startOffset);
  return { start, end: range.collapsed ? start : at(range.endContainer, range.endOffset) };
}

/**
 * Moves an end of the selection that lies inside a chip to the chip's edge: a tap on a chip put
 * the caret in its text, which is not editable, so what the owner typed next was lost and a
 * select-all took the whole page. A caret goes to the nearer edge (the half of the chip tapped);
 * a range grows to take the chip whole.
 */
function keepSelectionOutOfChips(el: HTMLElement): void {
  const sel = el.ownerDocument.getSelection();
  if (!sel || sel.rangeCount === 0 || !sel.anchorNode || !sel.focusNode) return;
  const chipOf = (node: Node) => {
    const chip = (node instanceof Element ? node : node.parentElement)?.closest('[data-variable]');
    return chip && chip !== el && el.contains(chip) ? chip : null;
  };
  const edge = (chip: Element, after: boolean): [Node, number] => {
    const text = after ? chip.nextSibling : chip.previousSibling;
    if (text?.nodeType === Node.TEXT_NODE) return [text, after ? 0 : (text.nodeValue ?? '').length];
    const parent = chip.parentNode!;
    return [parent, Array.prototype.indexOf.call(parent.childNodes, chip) + (after ? 1 : 0)];
  };
  const anchorChip = chipOf(sel.anchorNode);
  const focusChip = chipOf(sel.focusNode);
  if (!anchorChip && !focusChip) return;
  if (sel.isCollapsed && anchorChip) {
    const half = (anchorChip.textContent?.length ?? 0) / 2;
    const after =
      sel.anchorNode.nodeType === Node.TEXT_NODE ? sel.anchorOffset >= half : sel.anchorOffset > 0;
    const [node, offset] = edge(anchorChip, after);
    sel.collapse(node, offset);
    return;
  }
  const range = sel.getRangeAt(0);
  const backward = range.startContainer === sel.focusNode && range.startOffset === sel.focusOffset;
  const startChip = chipOf(range.startContainer);
  const endChip = chipOf(range.endContainer);
  const [startNode, startOffset] = startChip
    ? edge(startChip, false)
    : [range.startContainer, range.startOffset];
  const [endNode, endOffset] = endChip
    ? edge(endChip, true)
    : [range.endContainer, range.endOffset];
  if (backward) sel.setBaseAndExtent(endNode, endOffset, startNode, startOffset);
  else sel.setBaseAndExtent(startNode, startOffset, endNode, endOffset);
}

/** Puts the caret at unit `unit` of a field `drawParts` drew. */
function placeCaret(el: HTMLElement, unit: number): void {
  const sel = el.ownerDocument.getSelection();
  if (!sel) return;
  let left = unit;
  let node: Node = el;
  let offset = el.childNodes.length;
  const children = Array.from(el.childNodes);
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.nodeType === Node.TEXT_NODE) {
      const len = child.nodeValue?.length ?? 0;
      if (left <= len) {
        node = child;
        offset = left;
        break;
      }
      left -= len;
    } else if (child instanceof Element && child.hasAttribute('data-variable')) {
      if (left === 0) {
        offset = i;
        break;
      }
      left -= 1;
    } else {
      offset = i;
      break;
    }
  }
  const range = el.ownerDocument.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  sel.removeAllRanges();
  sel.addRange(range);
}

/** The subject or the message of a rule, variables as chips (DAY-21). */
export const VariableField = forwardRef<VariableFieldHandle, Props>(function VariableField(
  { id, value, onChange, multiline, maxLength, className, onFocus, ...aria },
  ref,
) {
  const el = useRef<HTMLDivElement>(null);
  // The stored text this field last drew or handed on: a value from outside redraws it.
  const shown = useRef<string | null>(null);
  // Where a chip button puts its variable: the last selection inside the field.
  const lastSelection = useRef<{ start: number; end: number } | null>(null);
  const composing = useRef(false);
  // The field's own undo: the browser's history breaks wherever the field redraws.
  const history = useRef<{ past: Snapshot[]; future: Snapshot[]; at: number }>({
    past: [],
    future: [],
    at: 0,
  });
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useLayoutEffect(() => {
    if (!el.current || value === shown.current) return;
    drawParts(el.current, parseTemplate(value));
    shown.current = value;
    lastSelection.current = null;
    history.current = { past: [], future: [], at: 0 };
  }, [value]);

  /**
   * Makes `parts` the field's content and value, the caret at `caret`. `typing` edits within a
   * second of each other are one step of undo; every other edit is a step of its own.
   */
  const commit = useCallback(
    (parts: TemplatePart[], caret: number, typing = false) => {
      const field = el.current;
      if (!field) return;
      const text = serializeTemplate(parts);
      if (text.length > maxLength) {
        // Too long to be saved: the field goes back to what it was.
        const before = parseTemplate(shown.current ?? '');
        drawParts(field, before);
        placeCaret(field, Math.min(caret, unitLength(before)));
        return;
      }
      if (field.innerHTML !== drawnHtml(field, parts)) {
        drawParts(field, parts);
        placeCaret(field, caret);
      }
      const was = lastSelection.current;
      lastSelection.current = { start: caret, end: caret };
      if (text !== shown.current) {
        const h = history.current;
        const now = Date.now();
        if (!typing || now - h.at > 1000) {
          h.past.push({ text: shown.current ?? '', caret: was?.start ?? caret });
        }
        h.at = typing ? now : 0;
        h.future = [];
        shown.current = text;
        onChangeRef.current(text);
      }
    },
    [maxLength],
  );

  /** Replaces the selection (or the last one) with `insert`, as one edit. */
  const replaceSelection = useCallback(
    (insert: TemplatePart[], range?: { start: number; end: number }) => {
      const field = el.current;
      if (!field) return;
      const parts = readParts(field);
      const total = unitLength(parts);
      const at = range ??
        selectionUnits(field) ??
        lastSelection.current ?? { start: total, end: total };
      const next = replaceUnits(parts, Math.min(at.start, total), Math.min(at.end, total), insert);
      commit(next.parts, next.caret);
    },
    [commit],
  );

  useImperativeHandle(
    ref,
    () => ({
      insert(variable) {
        const field = el.current;
        if (!field) return;
        // Taken before focus(), which may move the caret; never used: the end.
        const end = unitLength(readParts(field));
        const at = selectionUnits(field) ?? lastSelection.current ?? { start: end, end };
        field.focus();
        replaceSelection([{ variable }], at);
      },
    }),
    [replaceSelection],
  );

  useEffect(() => {
    const field = el.current;
    if (!field) return;
    const doc = field.ownerDocument;
    const remember = () => {
      keepSelectionOutOfChips(field);
      const at = selectionUnits(field);
      if (at) lastSelection.current = at;
    };
    const travel = (way: 'undo' | 'redo') => {
      const h = history.current;
      const [from, to] = way === 'undo' ? [h.past, h.future] : [h.future, h.past];
      const step = from.pop();
      if (!step || shown.current === null) return;
      to.push({ text: shown.current, caret: selectionUnits(field)?.end ?? 0 });
      h.at = 0;
      const parts = parseTemplate(step.text);
      drawParts(field, parts);
      placeCaret(field, Math.min(step.caret, unitLength(parts)));
      lastSelection.current = { start: step.caret, end: step.caret };
      shown.current = step.text;
      onChangeRef.current(step.text);
    };
    // Chrome fires no historyRedo when its own history is empty, so the keys are taken here.
    const onKeyDown = (e: KeyboardEvent) => {
      // selectionchange comes a task after a tap: a key pressed before it still finds the caret out.
      keepSelectionOutOfChips(field);
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 'z' || key === 'y') {
        e.preventDefault();
        travel(key === 'z' && !e.shiftKey ? 'undo' : 'redo');
      }
    };
    const onBeforeInput = (e: InputEvent) => {
      const type = e.inputType;
      if (type === 'insertParagraph' || type === 'insertLineBreak') {
        e.preventDefault();
        if (multiline) replaceSelection(['\n']);
      } else if (type === 'historyUndo' || type === 'historyRedo') {
        e.preventDefault();
        travel(type === 'historyUndo' ? 'undo' : 'redo');
      } else if (
        (type === 'insertText' || type === 'insertReplacementText') &&
        !composing.current
      ) {
        // Typing over a selection: the browser's own replacement of a range that holds a chip
        // ate the line breaks around it, so the field makes it.
        const at = selectionUnits(field);
        const text = e.data ?? e.dataTransfer?.getData('text/plain') ?? '';
        if (!at || at.start === at.end || text === '') return;
        e.preventDefault();
        replaceSelection([text], at);
      } else if (type.startsWith('format') || type === 'insertFromDrop') {
        e.preventDefault();
      } else if (type.startsWith('delete') && type !== 'deleteByCut' && !composing.current) {
        const at = selectionUnits(field);
        if (!at) return;
        if (at.start !== at.end) {
          e.preventDefault();
          replaceSelection([], at);
          return;
        }
        // A chip next to the caret goes whole, never a piece of it.
        const parts = readParts(field);
        const back = type.includes('Backward');
        const unit = back ? at.start - 1 : at.start;
        if (unit < 0 || unit >= unitLength(parts)) return;
        const { parts: one } = replaceUnits(parts, 0, unit, []);
        const first = one[0];
        if (first !== undefined && typeof first !== 'string') {
          e.preventDefault();
          replaceSelection([], { start: unit, end: unit + 1 });
        }
      }
    };
    const onInput = () => {
      if (composing.current) return;
      const parts = readParts(field);
      const at = selectionUnits(field);
      commit(parts, at ? at.end : unitLength(parts), true);
    };
    const onPaste = (e: ClipboardEvent) => {
      e.preventDefault();
      let text = e.clipboardData?.getData('text/plain') ?? '';
      text = text.replace(/\r\n?/g, '\n');
      if (!multiline) text = text.replace(/\s*\n\s*/g, ' ');
      replaceSelection(parseTemplate(text));
    };
    // A copy carries the variables as the owner's words, so pasting them back makes chips.
    const onCopy = (e: ClipboardEvent) => {
      const at = selectionUnits(field);
      if (!at || at.start === at.end || !e.clipboardData) return;
      e.preventDefault();
      const parts = readParts(field);
      const tail = replaceUnits(parts, at.end, unitLength(parts), []).parts;
      const picked = replaceUnits(tail, 0, at.start, []).parts;
      e.clipboardData.setData('text/plain', toOwnerWords(serializeTemplate(picked)));
      if (e.type === 'cut') replaceSelection([], at);
    };
    const onCompositionStart = () => {
      composing.current = true;
    };
    const onCompositionEnd = () => {
      composing.current = false;
      onInput();
    };
    field.addEventListener('keydown', onKeyDown);
    field.addEventListener('beforeinput', onBeforeInput);
    field.addEventListener('input', onInput);
    field.addEventListener('paste', onPaste);
    field.addEventListener('copy', onCopy);
    field.addEventListener('cut', onCopy);
    field.addEventListener('compositionstart', onCompositionStart);
    field.addEventListener('compositionend', onCompositionEnd);
    doc.addEventListener('selectionchange', remember);
    return () => {
      field.removeEventListener('keydown', onKeyDown);
      field.removeEventListener('beforeinput', onBeforeInput);
      field.removeEventListener('input', onInput);
      field.removeEventListener('paste', onPaste);
      field.removeEventListener('copy', onCopy);
      field.removeEventListener('cut', onCopy);
      field.removeEventListener('compositionstart', onCompositionStart);
      field.removeEventListener('compositionend', onCompositionEnd);
      doc.removeEventListener('selectionchange', remember);
    };
  }, [commit, multiline, replaceSelection]);

  return (
    <div
      ref={el}
      id={id}
      role="textbox"
      aria-multiline={multiline}
      contentEditable
      suppressContentEditableWarning
      spellCheck
      tabIndex={0}
      className={`${className ?? ''} ${styles.editable}`}
      onFocus={onFocus}
      onKeyDown={(e) => {
        if (!multiline && e.key === 'Enter') e.preventDefault();
      }}
      {...aria}
    />
  );
});
