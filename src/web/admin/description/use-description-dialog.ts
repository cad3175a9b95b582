/**
 * The long-text editor's state (FLOW-8): the text as typed, started again from the stored text at
 * each opening, and `save`, which sends it through the catalogue edits (`saveLongText`: the
 * description PROP-7, the house rules, the cancellation policy BOOK-12). A blank text is saved as
 * typed: the edit's rule decides what it means.
 */
import { useState } from 'react';
import type { LongTextField } from '../../admin-context.js';
import type { AdminActions } from '../admin-actions.js';

/** The text opened for editing, as it was when the editor opened. */
export interface DescriptionDraft {
  propertyId: string;
  propertyName: string;
  /** Which text is edited; the description when absent. */
  field?: LongTextField;
  text: string;
}

export interface DescriptionDialogState {
  /** What is edited, with the text as typed; null before the first opening. */
  draft: DescriptionDraft | null;
  /** Which text is edited. */
  field: LongTextField;
  setText: (text: string) => void;
  /** Sends the text as typed (nothing before the first opening). */
  save: () => void;
}

/** `target` is what the editor was last opened for; `opening` changes on every opening. */
export function useDescriptionDialog(
  actions: AdminActions,
  target: DescriptionDraft | null,
  opening: number,
): DescriptionDialogState {
  const [text, setText] = useState(target?.text ?? '');
  // A new opening starts from the text as stored (set while rendering).
  const [shownOpening, setShownOpening] = useState(opening);
  if (opening !== shownOpening) {
    setShownOpening(opening);
    setText(target?.text ?? '');
  }
  const draft = target && { ...target, text };
  const field = draft?.field ?? 'description';
  const save = () => {
    if (draft) void actions.saveLongText(draft.propertyId, field, draft.text);
  };
  return { draft, field, setText, save };
}
