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
 * A button with `data-opens-dialog="{id}"` (OPENS_DIALOG) opens that dialog from one listener on
 * the document, so a part of a page the browser keeps as the server rendered it (the footer,
 * PERF-17) needs no script of its own.
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
function openDialog(id: string): void {
  const dialog = dialogById(id);
  if (dialog && !dialog.open) dialog.showModal();
}

/** Closes the `<dialog id={id}>`. */
function closeDialog(id: string): void {
  dialogById(id)?.close();
}

/** The attribute of a button that opens the dialog it names (FOOT-3). */
export const OPENS_DIALOG = 'data-opens-dialog';

/**
 * Defines window.openDialog and window.closeDialog and opens the dialog a clicked
 * `data-opens-dialog` button names (called once by entry-client).
 */
export function installDialogGlobals(): void {
  window.openDialog = openDialog;
  window.closeDialog = closeDialog;
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest?.(`[${OPENS_DIALOG}]`);
    if (opener) openDialog(opener.getAttribute(OPENS_DIALOG)!);
  });
}
