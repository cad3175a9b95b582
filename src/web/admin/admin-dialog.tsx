/**
 * The frame of an owner's dialog (FOOT-3, CLIENT-4): a native modal `<dialog>` with its element id
 * (the registry's key, admin-dialogs.tsx), named by its heading, then the dialog's own sections,
 * then the footer: its own words or buttons (`footer`), the Close button (`closeLabel`, "Close" by
 * default), then its actions (`actions`: Save …). With `onSubmit` the heading, sections and footer
 * are one form (`noValidate`: the dialog checks its own boxes), so Enter and a submit action save.
 * `className` adds the dialog's width; `footerClassName` the footer's; `after` follows the footer
 * (a notification that must stay last). `ref` reaches the `<dialog>` element itself, for a part
 * that must live inside the modal (Manage Images' drag announcements: outside it all is inert).
 */
import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import admin from './admin.module.css';

export function AdminDialog({
  id,
  title,
  className,
  footerClassName,
  close,
  closeLabel = 'Close',
  footer,
  actions,
  onSubmit,
  noValidate,
  after,
  ref,
  children,
}: {
  id: string;
  title: string;
  className: string | undefined;
  footerClassName?: string | undefined;
  close: () => void;
  closeLabel?: string;
  footer?: ReactNode;
  actions?: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  noValidate?: boolean;
  after?: ReactNode;
  ref?: Ref<HTMLDialogElement>;
  children: ReactNode;
}) {
  const titleId = `${useId()}-title`;
  const content = (
    <>
      <h2 id={titleId} className={admin.dialogTitle}>
        {title}
      </h2>
      {children}
      <div className={footerClassName ? `${admin.footerRow} ${footerClassName}` : admin.footerRow}>
        {footer}
        <button type="button" className={admin.button} onClick={close}>
          {closeLabel}
        </button>
        {actions}
      </div>
    </>
  );
  return (
    <dialog
      ref={ref}
      id={id}
      className={className ? `${admin.dialog} ${className}` : admin.dialog}
      aria-labelledby={titleId}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate={noValidate}>
          {content}
        </form>
      ) : (
        content
      )}
      {after}
    </dialog>
  );
}
