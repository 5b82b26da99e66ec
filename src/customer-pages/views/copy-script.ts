import { createHash } from 'node:crypto';

/**
 * The customer pages' one script, served as a file under the pages' own origin (CSP `script-src
 * 'self'`): it shows each copy button (hidden in the markup, so a page without scripts shows none and
 * its read-only field stays selectable) and copies the field's text, saying so in the field's status line.
 * Where the clipboard is not offered, the button selects the text instead.
 */
export const COPY_SCRIPT = `document.querySelectorAll('button[data-copy]').forEach(function (button) {
  var field = document.getElementById(button.getAttribute('data-copy'));
  var status = document.getElementById(button.getAttribute('data-copy') + '-status');
  if (!field || !status) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    var copied = function () { status.textContent = button.getAttribute('data-copied'); };
    var select = function () { field.focus(); field.select(); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(field.value).then(copied, select);
    else select();
  });
});
`;

/** Versioned by content, as the stylesheet is. */
export const COPY_SCRIPT_FILE = `customer-pages.${createHash('sha256').update(COPY_SCRIPT).digest('hex').slice(0, 12)}.js`;
export const COPY_SCRIPT_PATH = `/assets/${COPY_SCRIPT_FILE}`;
