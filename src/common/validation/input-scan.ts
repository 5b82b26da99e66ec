import type { DomainError } from '../errors/domain-error';
import { invalidRequest } from './invalid-request';

/** Deepest nesting of objects and arrays accepted in a body, query or path parameter (the value itself is 1). */
export const MAX_INPUT_DEPTH = 32;

/**
 * Keys of the prototype machinery. JSON.parse and the query parser keep them as own properties, but
 * class-transformer drops them, so `forbidNonWhitelisted` never sees them: refused here instead.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Matches only an unpaired surrogate: with the `u` flag a proper pair reads as one code point. */
const LONE_SURROGATE = /\p{Surrogate}/u;
/**
 * Text with neither: the API document's TEXT_PATTERN (no NUL) and its prose rule (no lone surrogate)
 * in one test, the fast path of almost every string.
 */
// eslint-disable-next-line no-control-regex
const WELL_FORMED_TEXT = /^[^\u0000\p{Surrogate}]*$/u;

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/**
 * Refuses, before class-transformer and class-validator see it, client input they cannot judge or would
 * silently change: nesting deeper than MAX_INPUT_DEPTH (their recursion would overflow the stack),
 * prototype keys (dropped silently), NUL characters (PostgreSQL text cannot hold them) and lone UTF-16
 * surrogates (stored as U+FFFD), in values and in keys alike. Walks with its own stack, so any depth is refused without recursion, and
 * never looks inside binary data (Buffers, typed arrays), which is not client JSON.
 * `label` names the value itself in messages (`body`, `query`, or the parameter's name).
 */
export function scanInput(input: unknown, label: string): void {
  const stack: Pending[] = [{ value: input, path: '', depth: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      checkString(value, path || label);
      continue;
    }
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
      continue;
    }
    if (depth > MAX_INPUT_DEPTH) {
      throw refusal(label, `${label} is nested more than ${MAX_INPUT_DEPTH} levels deep`);
    }
    const keys = Object.keys(value);
    // Pushed last to first, so the first offending field in reading order is the one reported.
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const childPath = path ? `${path}.${key}` : key;
      if (PROTOTYPE_KEYS.has(key)) throw refusal(childPath, `property ${key} should not exist`);
      checkString(key, childPath);
      stack.push({ value: (value as Record<string, unknown>)[key], path: childPath, depth: depth + 1 });
    }
  }
}

/** What the API document says of free text (TEXT_PATTERN, TEXT_RULE): what keeps it is fine, what breaks it is told why. */
function checkString(value: string, field: string): void {
  if (WELL_FORMED_TEXT.test(value)) return;
  if (value.includes('\u0000')) throw refusal(field, `${field} must not contain NUL characters`);
  if (LONE_SURROGATE.test(value)) {
    throw refusal(field, `${field} must be valid Unicode text (it holds a lone UTF-16 surrogate)`);
  }
}

/** The same envelope class-validator's failures get from the validation pipe. */
function refusal(field: string, message: string): DomainError {
  return invalidRequest([{ field, message }]);
}
