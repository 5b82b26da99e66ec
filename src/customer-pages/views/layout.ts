import { SafeHtml, html } from './html';
import type { PageLanguage } from './page-texts';
import { COPY_SCRIPT_PATH } from './copy-script';
import { STYLESHEET_PATH } from './stylesheet';

/** Strict policy for every customer page: only the pages' own stylesheet and script files. */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "style-src 'self'",
    "script-src 'self'",
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
  lang: PageLanguage;
  /** What the page asks or says: the tab's title, with the vendor's name after it when it does not name it. */
  title: string;
  /** The business the customer deals with: the page's identity (null on a page for an unknown link). */
  vendorName: string | null;
  /** How to reach the vendor (its profile's phone, e-mail or web site, else the operator's contact). */
  contact: string | null;
  /** Who runs the pages: named for the vendor on its pages, alone on a page for an unknown link. */
  operatorName?: string;
  /** The vendor's mailing address (else the operator's), shown with who sends for it. */
  mailingAddress?: string | null;
  body: SafeHtml;
  /** The unsubscribe page of the link, when the page offers one. */
  unsubscribePath?: string | null;
  /** This page's own address, for the link to it in the other language (null: the page has none). */
  samePage: string | null;
}

/** The tab's title names the vendor once: after what the page says, unless that names it already. */
const tabTitle = (title: string, vendorName: string | null): string =>
  vendorName === null || title.includes(vendorName) ? title : `${title} · ${vendorName}`;

export function layout({
  lang,
  title,
  vendorName,
  contact,
  operatorName = '',
  mailingAddress = null,
  body,
  unsubscribePath,
  samePage,
}: Page): string {
  const reach =
    contact &&
    html`<p>
      ${
        vendorName === null
          ? lang.withContact('reachOperator', { operator: operatorName }, contact)
          : lang.withContact('reachVendor', { vendor: vendorName }, contact)
      }
    </p>`;
  // The sender's identification (CASL): a text names the vendor and links here for the rest.
  const identity =
    vendorName !== null &&
    operatorName &&
    html`<p>
      ${lang.t('sentBy', { operator: operatorName, vendor: vendorName })}
      ${mailingAddress && html`<br />${lang.t('postalAddress', { vendor: vendorName, address: mailingAddress })}`}
    </p>`;
  const unsubscribe =
    vendorName !== null &&
    unsubscribePath &&
    html`<p>
      ${lang.t('unsubscribeFooter', { vendor: vendorName })}
      <a href="${lang.link(unsubscribePath)}">${lang.t('unsubscribeLink')}</a>
    </p>`;
  // Each link is written in its own language, and marked so (screen readers switch voice).
  const switchLinks =
    samePage &&
    html`<nav class="language">
      ${lang.others.map(
        (other) =>
          html`<a href="${other.link(samePage)}" lang="${other.tag}" hreflang="${other.tag}"
            >${other.t('inThisLanguage')}</a
          >`,
      )}
    </nav>`;
  return html`<!doctype html>
    <html lang="${lang.tag}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="color-scheme" content="light dark" />
        <title>${tabTitle(title, vendorName)}</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
        <script src="${COPY_SCRIPT_PATH}" defer></script>
      </head>
      <body>
        ${switchLinks} ${vendorName !== null && html`<header class="brand">${vendorName}</header>`}
        <main>${body}</main>
        ${(reach || identity || unsubscribe) && html`<footer>${reach} ${identity} ${unsubscribe}</footer>`}
      </body>
    </html>`.value;
}
