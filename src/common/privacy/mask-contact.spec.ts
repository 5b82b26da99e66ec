import { maskContact } from './mask-contact';

describe('maskContact', () => {
  it.each([
    ['552 5.2.2 <Zoe.Quintal@Example.org>: Mailbox full', 'zoe.quintal@example.org'],
    ['rcpt=zoe.quintal%40example.org refused', 'zoe.quintal@example.org'],
    ["The 'To' number +14375551234 is not a valid phone number.", '437-555-1234'],
    ['to 14375551234', '437-555-1234'],
    ['to 4375551234.', '437-555-1234'],
    ['to (437) 555-1234', '437-555-1234'],
    ['to 437.555.1234', '437-555-1234'],
    ['to +1 437 555 1234', '437-555-1234'],
  ])('masks %s', (text, contact) => {
    const masked = maskContact(text, contact);
    expect(masked).toContain('[recipient]');
    expect(masked.replace(/\D/g, '')).not.toContain('4375551234');
    expect(masked.toLowerCase()).not.toContain('zoe.quintal');
  });

  it('leaves other numbers and addresses alone', () => {
    expect(maskContact('550 5.1.1 error 21211 at 14375551239', '437-555-1234')).toBe(
      '550 5.1.1 error 21211 at 14375551239',
    );
    expect(maskContact('<other@example.org> full', 'zoe@example.org')).toBe('<other@example.org> full');
  });
});
