/**
 * A native modal `<dialog>` (DESIGN.md: accessible, zero weight) with a title and a Close button.
 * Opened and closed through window.openDialog / window.closeDialog (src/web/dialogs.ts, FOOT-3);
 * Escape closes it natively, and the Close button works even before the page's script runs
 * (a `method="dialog"` form).
 */
import type { ReactNode } from 'react';
import './site-dialog.css';

export interface SiteDialogProps {
  /** The element id that openDialog(id) / closeDialog(id) use. */
  id: string;
  title: string;
  children: ReactNode;
}

export function SiteDialog({ id, title, children }: SiteDialogProps) {
  return (
    <dialog id={id} className="site-dialog" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="site-dialog-title">
        {title}
      </h2>
      <div className="site-dialog-body">{children}</div>
      <form method="dialog" className="site-dialog-actions">
        <button type="submit" className="site-dialog-close">
          Close
        </button>
      </form>
    </dialog>
  );
}
