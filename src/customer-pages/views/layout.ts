import { SafeHtml, html } from './html';
import { t } from './page-texts';
import { STYLESHEET_PATH } from './stylesheet';

/** Strict policy for every customer page: no scripts at all, only the pages' own stylesheet file. */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "style-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
  // The token in the address must not travel to the review sites in a Referer header; the page's own
  // forms send their Origin (no-referrer would make it "null", which SameOriginFormsGuard refuses).
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
};

export interface Page {
  /** What the page asks or says, before the vendor's name in the tab's title. */
  title: string;
  /** The business the customer deals with: the page's identity (null on a page for an unknown link). */
  vendorName: string | null;
  body: SafeHtml;
  /** The unsubscribe page of the link, when the page offers one. */
  unsubscribePath?: string | null;
}

export function layout({ title, vendorName, body, unsubscribePath }: Page): string {
  const footer =
    vendorName !== null && unsubscribePath
      ? html`<footer>
          <p>
            ${t('unsubscribeFooter', { vendor: vendorName })} <a href="${unsubscribePath}">${t('unsubscribeLink')}</a>
          </p>
        </footer>`
      : null;
  return html`<!doctype html>
    <html lang="en-CA">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="color-scheme" content="light dark" />
        <title>${vendorName === null ? title : `${title} · ${vendorName}`}</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
      </head>
      <body>
        ${vendorName !== null && html`<header class="brand">${vendorName}</header>`}
        <main>${body}</main>
        ${footer}
      </body>
    </html>`.value;
}
