import { type MessageKey, text } from '../../common/i18n/catalogue';

/** A sentence of the customer pages: its key in the catalogues without the `page.` prefix. */
export type PageText = MessageKey extends infer Key ? (Key extends `page.${infer Name}` ? Name : never) : never;

/**
 * The named text with its `{values}` filled in, from the message catalogues
 * (`src/common/i18n/catalogues/`); plain text: the `html` tag escapes it where it is used.
 */
export function t(name: PageText, values: Record<string, string | number> = {}): string {
  return text('en', `page.${name}`, values);
}
