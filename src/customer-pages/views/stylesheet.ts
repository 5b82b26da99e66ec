import { createHash } from 'node:crypto';

/**
 * The customer pages' one stylesheet, served as a file under the pages' own origin (CSP `style-src
 * 'self'`) so no inline style has to match a hash. Phone first: every control is at least 44 px tall
 * (WCAG 2.2 asks 24), focus is always visible, and the colours follow the device's dark mode.
 * A choice (a star rating, yes/no) is a row of tiles whose radio input covers the whole tile, so
 * the tile is what is tapped, focused and announced.
 */
export const STYLESHEET = `:root{color-scheme:light dark;--bg:#f3f4f6;--card:#fff;--text:#1f2328;--muted:#505a64;--line:#79838d;--accent:#0b57d0;--on-accent:#fff;--soft:#e8eef9;--error:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#111315;--card:#1d2024;--text:#e8eaed;--muted:#b4bcc4;--line:#8b949e;--accent:#9ec1fb;--on-accent:#0a1b36;--soft:#25303f;--error:#f4b6b1}}
*{box-sizing:border-box}[hidden]{display:none!important}
body{margin:0;background:var(--bg);color:var(--text);font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;-webkit-text-size-adjust:100%}
.language{max-width:36rem;margin:0 auto;padding:.5rem 1rem 0;text-align:right}.language a{display:inline-block;min-height:24px;padding:.2rem 0}
.brand{max-width:36rem;margin:0 auto;padding:1rem 1rem 0;font-weight:700;font-size:1.05rem;overflow-wrap:anywhere}
main{max-width:36rem;margin:.75rem auto 1.5rem;padding:1.5rem;background:var(--card);border-radius:14px;box-shadow:0 1px 4px #0003;overflow-wrap:anywhere}
@media (max-width:40rem){main{margin:.5rem;padding:1.1rem}}
h1{font-size:1.45rem;line-height:1.25;margin:0 0 1rem}h2{font-size:1.15rem;margin:1.75rem 0 .5rem}
p{margin:.5rem 0 1rem}a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
label,legend{display:block;font-weight:600;margin:1rem 0 .35rem;padding:0}
fieldset{border:0;padding:0;margin:0;min-width:0}
input[type=text],input[type=email],input[type=tel],textarea{display:block;width:100%;min-height:2.9rem;padding:.6rem .75rem;border:1px solid var(--line);border-radius:8px;background:var(--card);color:var(--text);font:inherit}
textarea{min-height:7.5rem;resize:vertical}textarea[readonly]{background:var(--soft)}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0}
.hint{color:var(--muted);font-size:.95rem;margin:.25rem 0 0}
.error{color:var(--error);font-weight:600;margin:.35rem 0 0}
[aria-invalid=true]{border-color:var(--error)!important;border-width:2px!important}
.error-summary{border:3px solid var(--error);border-radius:10px;padding:.75rem 1rem;margin:0 0 1rem}.error-summary:focus{outline:3px solid var(--accent);outline-offset:2px}
.error-summary h2{margin:0 0 .5rem;font-size:1.1rem}.error-summary ul{margin:0;padding-left:1.25rem}.error-summary a{color:var(--error);font-weight:600}
input,textarea{scroll-margin-top:5rem}.phone{white-space:nowrap}
.choices{display:flex;gap:.5rem}
.choice{position:relative;flex:1 1 0;display:flex;align-items:center;justify-content:center;min-height:3.25rem;margin:0;padding:.25rem;border:1px solid var(--line);border-radius:10px;background:var(--card);font-weight:600;text-align:center}
.choice input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.choice:has(input:checked){background:var(--accent);border-color:var(--accent);color:var(--on-accent)}
.choice:has(input:focus-visible){outline:3px solid var(--accent);outline-offset:2px}
.star{font-size:1.2rem;margin-left:.15rem}
.scale{display:flex;justify-content:space-between;color:var(--muted);font-size:.9rem;margin:.3rem 0 0}
.button,button{display:flex;align-items:center;justify-content:center;width:100%;min-height:3rem;margin:1.25rem 0 0;padding:.6rem 1.2rem;border:2px solid var(--accent);border-radius:10px;background:var(--accent);color:var(--on-accent);font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.button.secondary,button.secondary{background:transparent;color:var(--accent)}
@media (min-width:40rem){.button,button{display:inline-flex;width:auto;min-width:12rem}}
.sites{list-style:none;padding:0;margin:0}.sites li{margin:.6rem 0}.sites .button{margin:0;width:100%}
.notice{background:var(--soft);border-radius:10px;padding:.75rem 1rem;margin:0 0 1rem}
.muted{color:var(--muted);font-size:.95rem}
footer{max-width:36rem;margin:0 auto 2rem;padding:0 1rem;color:var(--muted);font-size:.95rem}
footer p{margin:.25rem 0}footer a{display:inline-block;min-height:24px;padding:.2rem 0;color:inherit}
`;

/** Versioned by content, so the file can be cached for good and a new one is fetched after a change. */
export const STYLESHEET_FILE = `customer-pages.${createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12)}.css`;
export const STYLESHEET_PATH = `/assets/${STYLESHEET_FILE}`;
