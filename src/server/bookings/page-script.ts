/**
 * The guest's booking page's one script (PAY-1, PAY-9), served from this site at
 * BOOKING_SCRIPT_PATH, which the page's Content-Security-Policy (`script-src 'self'`) allows; the
 * page works without it. It is a progressive enhancement of two things:
 * - a `button[data-copy]` (rendered `hidden`) is shown and copies its text with the Clipboard API,
 *   which browsers give to secure pages only (HTTPS, localhost); without it the UPI id stays
 *   selectable text;
 * - a page whose `main` carries `data-watch` (a booking waiting for its advance) asks that URL for
 *   the booking's status every 4 seconds while the page is visible, for at most an hour, and
 *   reloads when the status or the payment's state differ from `data-state`.
 * Plain ES2017 in a string: it is sent as it is, not built.
 */

/** Where the script is served. */
export const BOOKING_SCRIPT_PATH = '/booking-page.js';

/** The script's text. */
export const BOOKING_PAGE_SCRIPT = `(function () {
  'use strict';
  var buttons = document.querySelectorAll('button[data-copy]');
  for (var i = 0; i < buttons.length; i += 1) {
    var button = buttons[i];
    if (!navigator.clipboard || !window.isSecureContext) continue;
    button.hidden = false;
    button.addEventListener('click', function (event) {
      var b = event.currentTarget;
      var said = document.getElementById(b.getAttribute('data-said'));
      navigator.clipboard.writeText(b.getAttribute('data-copy')).then(
        function () { if (said) said.textContent = 'Copied: paste it in your UPI app.'; },
        function () { if (said) said.textContent = 'Could not copy: select the UPI id and copy it.'; }
      );
    });
  }
  var main = document.querySelector('main[data-watch]');
  if (!main || !window.fetch) return;
  var url = main.getAttribute('data-watch');
  var state = main.getAttribute('data-state');
  var until = Date.now() + 60 * 60 * 1000;
  function look() {
    if (Date.now() > until) return;
    if (document.visibilityState !== 'visible') { setTimeout(look, 4000); return; }
    fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (now) {
        if (now && now.state !== state) { window.location.reload(); return; }
        setTimeout(look, 4000);
      }, function () { setTimeout(look, 4000); });
  }
  setTimeout(look, 4000);
})();
`;
