import { DISPLAY_NAME_PATTERN } from './display-name';

const displayName = new RegExp(DISPLAY_NAME_PATTERN, 'u');

describe('DISPLAY_NAME_PATTERN', () => {
  it.each([
    'Maple Renovations',
    'Maple & <Sons> "Renovations"',
    'Rénovations Côté inc.',
    'ÉTS Bâtiment 2000',
    '李氏装修',
    'क्\u200dष Builders',
    'Gal·la Obres',
  ])('accepts %j', (name) => expect(displayName.test(name)).toBe(true));

  it.each([
    ['a line break', 'Maple\r\nBcc: victim@example.com'],
    ['a line feed', 'Maple\nRenovations'],
    ['a tab', 'Maple\tRenovations'],
    ['a right-to-left override', 'Maple \u202Egnp.exe'],
    ['a left-to-right isolate', 'Maple \u2066Co\u2069'],
    ['a right-to-left mark', 'Maple\u200F'],
    ['an Arabic letter mark', 'Maple\u061C'],
    ['a zero-width space', 'Ma\u200Bple'],
    ['a line separator', 'Maple\u2028Co'],
    ['an address in angle brackets', 'Support <support@bank.example>'],
    ['a bare address', 'support@bank.example'],
    ['a full-width at sign', 'support＠bank.example'],
    ['blank', '   '],
    ['empty', ''],
  ])('refuses %s', (_case, name) => expect(displayName.test(name)).toBe(false));

  it('names no surrogate and no look-around, so every generator reads it', () => {
    expect(DISPLAY_NAME_PATTERN).not.toMatch(/\\u[dD][89a-fA-F]|\(\?[=!<]/);
  });
});
