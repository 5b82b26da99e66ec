import request from 'supertest';
import twilio from 'twilio';
import type { App } from 'supertest/types';
import { SmsProviderStub } from './sms-provider-stub';
import { OwnDatabaseApp } from './own-database-app';

/** The address the provider is told to call: not the test server's own, as behind a proxy. */
export const PUBLIC_BASE_URL = 'https://reviews.example.test';
export const SMS_AUTH_TOKEN = '12345678901234567890123456789012';
export const SHARED_SENDER = '+15005550006';
export const OPERATOR = { OPERATOR_NAME: 'Leads Co', OPERATOR_CONTACT: 'help@leads.example' };

/** An app's settings with SMS on, delivered to the stand-in, fast retries. */
export const smsSettings = (stub: SmsProviderStub): Record<string, string> => ({
  PUBLIC_BASE_URL,
  ...OPERATOR,
  SMS_API_BASE_URL: stub.baseUrl,
  SMS_ACCOUNT_SID: 'AC0123456789',
  SMS_AUTH_TOKEN,
  SMS_FROM: SHARED_SENDER,
  NOTIFY_POLL_INTERVAL_MS: '50',
  NOTIFY_BACKOFF_BASE_MS: '50',
  NOTIFY_BACKOFF_MAX_MS: '200',
  NOTIFY_SEND_TIMEOUT_MS: '2000',
  NOTIFY_LEASE_MS: '6000',
});

/** Form fields as pairs, in the order sent; a name may come more than once. */
export type Fields = [string, string][];

/** The fields as the `twilio` package takes them: a repeated name's values in a list. */
export function paramsOf(fields: Fields): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of fields) {
    const earlier = params[name];
    params[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return params;
}

/** The signature the provider sends, computed by its own library. */
export const providerSignature = (fields: Fields, url = `${PUBLIC_BASE_URL}/sms/inbound`, token = SMS_AUTH_TOKEN) =>
  twilio.getExpectedTwilioSignature(token, url, paramsOf(fields));

let sid = 0;
/** A fresh MessageSid, as the provider's (SM + 32 hex digits). */
export const messageSid = (): string =>
  `SM${String(++sid).padStart(8, '0')}${Date.now().toString(16).padStart(24, '0')}`;

export interface TextOptions {
  to?: string;
  sid?: string;
  /** Another signature than the provider's (a forgery), or null for none. */
  signature?: string | null;
  path?: string;
}

/** The webhook call the provider makes for a text `body` from `from`. */
export function postFields(http: App, fields: Fields, options: Pick<TextOptions, 'signature' | 'path'> = {}) {
  const path = options.path ?? '/sms/inbound';
  const post = request(http).post(path).type('form').send(new URLSearchParams(fields).toString());
  const signature =
    options.signature === undefined ? providerSignature(fields, `${PUBLIC_BASE_URL}${path}`) : options.signature;
  return signature === null ? post : post.set('X-Twilio-Signature', signature);
}

export function text(http: App, from: string, body: string, options: TextOptions = {}) {
  const fields: Fields = [
    ['MessageSid', options.sid ?? messageSid()],
    ['AccountSid', 'AC0123456789'],
    ['From', from],
    ['To', options.to ?? SHARED_SENDER],
    ['Body', body],
    ['NumMedia', '0'],
  ];
  return postFields(http, fields, options);
}

/** `416-555-0123` as the provider writes it. */
export const e164 = (phone: string): string => `+1${phone.replace(/\D/g, '')}`;

/**
 * Starts, for the test file (or describe block) it is called in, the SMS provider stand-in and an app
 * wired to it (with its webhook receiver) on the scratch database `name`, with `settings` over the
 * usual ones; `state` holds both once `beforeAll` has run.
 */
export function useSmsTestBed(
  name: string,
  settings: Record<string, string> = {},
): { stub: SmsProviderStub; bed: OwnDatabaseApp } {
  const state = {} as { stub: SmsProviderStub; bed: OwnDatabaseApp };
  beforeAll(async () => {
    state.stub = await SmsProviderStub.start();
    state.bed = await OwnDatabaseApp.start(name, { ...smsSettings(state.stub), ...settings });
  });
  afterAll(async () => {
    await state.bed?.close();
    await state.stub?.close();
  });
  return state;
}
