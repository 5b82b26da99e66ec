import { DomainError } from '../errors/domain-error';
import { MAX_INPUT_DEPTH, scanInput } from './input-scan';

/** What scanInput refuses the value with, or undefined when it lets it through. */
function refusal(value: unknown, label = 'body'): DomainError | undefined {
  try {
    scanInput(value, label);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
}

/** Arrays `levels` deep around a string, built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

/** A Buffer with an enumerable property that records whether anything read it. */
function probedBuffer(): { buffer: Buffer; touched: () => boolean } {
  let touched = false;
  const buffer = Buffer.alloc(1024);
  Object.defineProperty(buffer, 'probe', {
    enumerable: true,
    get: () => {
      touched = true;
      return 'a\u0000b';
    },
  });
  return { buffer, touched: () => touched };
}

describe('scanInput', () => {
  it('never looks inside a Buffer or typed array', () => {
    const { buffer, touched } = probedBuffer();
    expect(refusal({ file: buffer, list: [new Uint16Array(8), new DataView(new ArrayBuffer(4))] })).toBeUndefined();
    expect(touched()).toBe(false);
  });

  it('refuses a NUL character anywhere, naming the field', () => {
    expect(refusal({ locations: [{ label: 'a\u0000b' }] })?.details).toEqual([
      { field: 'locations.0.label', message: 'locations.0.label must not contain NUL characters' },
    ]);
    expect(refusal('1\u0000', 'vendorId')?.message).toBe('Invalid request: vendorId must not contain NUL characters.');
  });

  it('refuses a lone UTF-16 surrogate but not a pair', () => {
    expect(refusal({ name: 'a\ud83d' })?.details).toEqual([
      { field: 'name', message: 'name must be valid Unicode text (it holds a lone UTF-16 surrogate)' },
    ]);
    expect(refusal({ name: '\ude00' })).toBeDefined();
    expect(refusal({ name: 'a😀b' })).toBeUndefined();
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses the key %s at any depth, as an unknown property',
    (key) => {
      const top = refusal(JSON.parse(`{"name": "a", "${key}": {"admin": true}}`));
      expect(top?.details).toEqual([{ field: key, message: `property ${key} should not exist` }]);
      expect(top?.message).toBe(`Invalid request: property ${key} should not exist.`);
      const deep = refusal(JSON.parse(`{"list": [{"${key}": 1}]}`));
      expect(deep?.details).toEqual([{ field: `list.0.${key}`, message: `property ${key} should not exist` }]);
    },
  );

  it(`takes ${MAX_INPUT_DEPTH} levels of nesting and refuses one more`, () => {
    // The value itself is the first level.
    expect(refusal({ a: nested(MAX_INPUT_DEPTH - 1) })).toBeUndefined();
    expect(refusal({ a: nested(MAX_INPUT_DEPTH) })?.message).toBe(
      `Invalid request: body is nested more than ${MAX_INPUT_DEPTH} levels deep.`,
    );
  });

  it('refuses any depth without running out of stack', () => {
    expect(refusal({ a: nested(200_000) })?.message).toMatch(/nested more than/);
  });

  it('walks wide input without recursion or copies and lets clean input through', () => {
    const wide = { items: Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `n${i}`, ok: true, none: null })) };
    expect(refusal(wide)).toBeUndefined();
    expect(refusal(undefined)).toBeUndefined();
    expect(refusal(42)).toBeUndefined();
  });
});
