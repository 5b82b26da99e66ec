/** The e-mails' type: a font every client has. */
export const FONT = 'font-family:Arial,Helvetica,sans-serif';

/**
 * What an e-mail's head declares to follow the reader's colour scheme, for the clients that honour
 * `prefers-color-scheme` (Apple Mail, iOS, Outlook for Mac, some webmails): both schemes, and the light
 * colours of the inline styles overridden by class; the others keep the light scheme (or invert it
 * themselves). The same palette as the pages' dark mode; every e-mail (alerts to vendors included) uses it.
 */
export const DARK_SCHEME_HEAD = `<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<style>
:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme:dark){
.page{background:#111315!important}
.card{background:#1d2024!important}
.body{color:#e8eaed!important}
.footer{color:#b4bcc4!important;border-top-color:#3d444d!important}
.footer a{color:#b4bcc4!important}
.link{color:#9ec1fb!important}
.button{background:#9ec1fb!important}
.button a{color:#0a1b36!important}
}
</style>`;
