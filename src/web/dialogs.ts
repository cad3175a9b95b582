/**
 * FOOT-3: "Dialogs open and close via global functions." Every dialog of the site is a native
 * `<dialog>` element with an id; these two globals open it as a modal (focus moves in, Escape
 * closes it natively) and close it:
 *
 *   window.openDialog('contact-us')      // footer: Contact Us
 *   window.openDialog('office-address')  // footer: Office Address
 *   window.openDialog('manage-images')   // admin bar (admin mode only)
 *   window.openDialog('select-property') // admin bar (admin mode only)
 *   window.openDialog('bookings')        // admin bar (admin mode only)
 *   window.closeDialog(id)
 *
 * An id that names no `<dialog>` is ignored (nothing to open), as is opening an open dialog or
 * closing a closed one. The owner's tools open their dialogs through one registry that calls
 * these (admin/admin-dialogs.tsx, CLIENT-4).
 */

declare global {
  interface Window {
    openDialog(id: string): void;
    closeDialog(id: string): void;
  }
}

function dialogById(id: string): HTMLDialogElement | null {
  const el = document.getElementById(id);
  return el instanceof HTMLDialogElement ? el : null;
}

/** Opens the `<dialog id={id}>` as a modal. */
export function openDialog(id: string): void {
  const dialog = dialogById(id);
  if (dialog && !dialog.open) dialog.showModal();
}

/** Closes the `<dialog id={id}>`. */
function closeDialog(id: string): void {
  dialogById(id)?.close();
}

/** Defines window.openDialog and window.closeDialog (called once by entry-client). */
export function installDialogGlobals(): void {
  window.openDialog = openDialog;
  window.closeDialog = closeDialog;
}
