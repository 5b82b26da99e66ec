import { ERASED, redactJson } from './customer-contact';

describe('redactJson', () => {
  it('replaces every string containing an erased value, at any depth, and keeps the rest', () => {
    const { value, changed } = redactJson(
      { id: 7, data: { customerName: 'Jane Roe', note: 'call JANE@x.example', list: ['416-555-0100', 'ok'] } },
      ['Jane Roe', 'jane@x.example', '416-555-0100'],
    );
    expect(changed).toBe(true);
    expect(value).toEqual({ id: 7, data: { customerName: ERASED, note: ERASED, list: [ERASED, 'ok'] } });
  });

  it('says when nothing changed', () => {
    expect(redactJson({ a: 'b' }, ['zz'])).toEqual({ value: { a: 'b' }, changed: false });
  });
});
