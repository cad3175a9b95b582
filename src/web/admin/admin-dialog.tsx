/**
 * The frame of an owner's dialog (FOOT-3, CLIENT-4): a native modal `<dialog>` with its element id
 * (the registry's key, admin-dialogs.tsx), named by its heading, then the dialog's own sections,
 * then the footer: its own buttons (`footer`), then the Close button (`closeLabel`, "Close" by
 * default). `className` adds the dialog's width; `footerClassName` the footer's; `after` follows
 * the footer (a notification that must stay last).
 */
import { useId, type ReactNode } from 'react';
import admin from './admin.module.css';

export function AdminDialog({
  id,
  title,
  className,
  footerClassName,
  close,
  closeLabel = 'Close',
  footer,
  after,
  children,
}: {
  id: string;
  title: string;
  className: string | undefined;
  footerClassName?: string | undefined;
  close: () => void;
  closeLabel?: string;
  footer?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${useId()}-title`;
  return (
    <dialog
      id={id}
      className={className ? `${admin.dialog} ${className}` : admin.dialog}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className={admin.dialogTitle}>
        {title}
      </h2>
      {children}
      <div className={footerClassName ? `${admin.footerRow} ${footerClassName}` : admin.footerRow}>
        {footer}
        <button type="button" className={admin.button} onClick={close}>
          {closeLabel}
        </button>
      </div>
      {after}
    </dialog>
  );
}
