import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';

// What the callbacks of page.evaluate use of the page (this project is typed for Node, not the DOM).
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  activeElement: unknown;
  body: unknown;
  querySelector(selector: string): unknown;
};
declare function getComputedStyle(element: unknown): { borderTopLeftRadius: string; fontFamily: string };

/** Debian's Chromium (`apt-get install -y chromium`); CHROMIUM_PATH names another build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the browser tests leave a screenshot of every page and e-mail they look at (gitignored). */
export const SCREENSHOT_DIR = join(__dirname, '..', '..', 'test-output', 'screenshots');

/** WCAG 2.2 A and AA, as axe tags them. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Whether the browser tests can run. Without Chromium they are skipped with one line saying how to
 * install it, except under CI=true, where a missing browser fails the run.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const hint = `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`;
  if (process.env.CI === 'true') throw new Error(hint);
  console.warn(`Skipping the browser tests. ${hint}`);
  return false;
}

/**
 * Chromium that can reach nothing but this machine: every host name but 127.0.0.1 fails to resolve,
 * and the background services that would call out are off.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-domain-reliability',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface Viewport {
  name: string;
  width: number;
  height: number;
  colorScheme: 'light' | 'dark';
}

/** A phone in dark mode and a laptop in light mode: each page is seen both ways between the two. */
export const VIEWPORTS: Viewport[] = [
  { name: 'phone', width: 390, height: 844, colorScheme: 'dark' },
  { name: 'desktop', width: 1366, height: 768, colorScheme: 'light' },
];

/**
 * A browser context at this viewport (and in this language) that answers any address off this machine
 * (the review sites) with a stand-in page, so following a review link never leaves the machine.
 */
export async function newContext(browser: Browser, viewport: Viewport, locale?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    colorScheme: viewport.colorScheme,
    hasTouch: viewport.width < 800,
    // The browser's language, as its Accept-Language sends it (`fr-CA`); Playwright's default otherwise.
    locale,
  });
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Review site</title>' }),
  );
  return context;
}

/** How Chromium logs a page answered with an error status (a refused form's 400, a 404): expected, not a fault. */
const ERROR_STATUS_LINE = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** The console errors a page logs (a blocked stylesheet is one: "Refused to apply…"). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !ERROR_STATUS_LINE.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** axe's WCAG 2.2 A/AA violations on the page as it is now, one line each. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} (${node.failureSummary})`));
}

/** What the stylesheet makes of the page: the card's corners and the body's font. */
export function pageStyle(page: Page): Promise<{ radius: string; font: string }> {
  return page.evaluate(() => ({
    radius: getComputedStyle(document.querySelector('main')).borderTopLeftRadius,
    font: getComputedStyle(document.body).fontFamily,
  }));
}

/** Whether the page scrolls sideways at its width. */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Moves the focus with Tab until it is on the target, as a keyboard user would (failing if the target
 * is not in the tab order), so the caller can press Enter or Space on it.
 */
export async function tabTo(page: Page, target: Locator, maxTabs = 40): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((element) => document.activeElement === element, handle)) return;
  }
  throw new Error(`Not reachable with Tab: ${target.toString()}`);
}
