import request from 'supertest';
import type { App } from 'supertest/types';
import type { TestApp } from './test-app';

/**
 * A customer (or a referred friend) using the pages behind their link, as a browser would: GET the
 * page, POST its forms as application/x-www-form-urlencoded, follow the 303 back.
 */
export class CustomerBrowser {
  /** `/r/{token}` or `/i/{token}`, from the link in the message. */
  readonly path: string;

  constructor(
    private readonly http: App,
    link: string,
  ) {
    this.path = new URL(link, 'http://localhost').pathname;
  }

  get token(): string {
    return this.path.split('/')[2];
  }

  /** The page's HTML (status 200 and the pages' headers checked). */
  async view(path = this.path): Promise<string> {
    const res = await request(this.http).get(path);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    return res.text;
  }

  /** Submits a form of the page and expects the 303 back to `back` (the page itself by default). */
  async submit(action: string, form: Record<string, string> = {}, back = this.path): Promise<void> {
    const res = await this.post(action, form);
    expect({ action, status: res.status, location: res.headers.location }).toEqual({
      action,
      status: 303,
      location: back,
    });
  }

  post(action: string, form: Record<string, string> = {}): request.Test {
    return request(this.http).post(`${this.path}${action}`).type('form').send(form);
  }

  /** A review link: `google`, `google/7`, `facebook`, `bbb` or `other`. */
  go(target: string): request.Test {
    return request(this.http).get(`${this.path}/go/${target}`);
  }
}

/** The errors a refused form shows next to its fields (`{name}-error`), by field name. */
export function fieldErrors(html: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [, name, message] of html.matchAll(/<p class="error" id="(\w+)-error">([^<]*)<\/p>/g)) {
    errors[name] = message.replace(/&#39;/g, "'");
  }
  return errors;
}

/** The referral lead a friend's contact request became, found by the friend's e-mail; null when none. */
export async function referralLead(
  t: TestApp,
  email: string,
): Promise<{ customerName: string; customerLocale: string | null; referredByName: string | null } | null> {
  const rows = await t.dataSource.query<
    { customerName: string; customerLocale: string | null; referredByName: string | null }[]
  >(
    `SELECT customer_name AS "customerName", customer_locale AS "customerLocale", referred_by_name AS "referredByName"
       FROM leads WHERE customer_email = $1 AND source = 'REFERRAL'`,
    [email],
  );
  return rows[0] ?? null;
}
