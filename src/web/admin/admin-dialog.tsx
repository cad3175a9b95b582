/**
 * The frame of an owner's dialog (FOOT-3, CLIENT-4): a native modal `<dialog>` with its element id
 * (the registry's key, admin-dialogs.tsx), named by its heading, then the dialog's own sections,
 * then the footer's Close button. `className` adds the dialog's width; `footerClassName` the
 * footer's; `after` follows the footer (a notification that must stay last).
 */
import { useId, type ReactNode } from 'react';
import admin from './admin.module.css';

export function AdminDialog({
  id,
  title,
  className,
  footerClassName,
  close,
  after,
  children,
}: {
  id: string;
  title: string;
  className: string | undefined;
  footerClassName?: string | undefined;
  close: () => void;
  after?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${useId()}-title`;
  return (
    <dialog id={id} className={`${admin.dialog} ${className}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={admin.dialogTitle}>
        {title}
      </h2>
      {children}
      <div className={footerClassName ? `${admin.footerRow} ${footerClassName}` : admin.footerRow}>
        <button type="button" className={admin.button} onClick={close}>
          Close
        </button>
      </div>
      {after}
    </dialog>
  );
}
