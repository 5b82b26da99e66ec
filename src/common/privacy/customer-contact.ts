/** What an erased value becomes where a column requires one (docs/contract.md#data-rights); elsewhere it becomes null. */
export const ERASED = '[erased]';

/** One person's e-mail (lower-cased) and phone (`xxx-xxx-xxxx`), as a data-rights request names them. */
export interface CustomerContact {
  email: string | null;
  phone: string | null;
}

/** The person's values that must not survive an erasure anywhere: contacts, names, addresses, texts. */
export type ErasedValues = string[];

/** The values worth searching for (a single character would match everywhere), lower-cased, longest first. */
function needlesOf(values: ErasedValues): string[] {
  return [...new Set(values.filter((v) => v.length > 1).map((v) => v.toLowerCase()))].sort(
    (a, b) => b.length - a.length,
  );
}

/**
 * A JSON value with every string that contains one of `values` (case-insensitive) replaced by
 * `[erased]`, at any depth; `changed` says whether anything was. Keys are kept: only values are personal.
 */
export function redactJson(value: unknown, values: ErasedValues): { value: unknown; changed: boolean } {
  const needles = needlesOf(values);
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const lower = node.toLowerCase();
      if (!needles.some((needle) => lower.includes(needle))) return node;
      changed = true;
      return ERASED;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  const result = walk(value);
  return { value: result, changed };
}

/** What a third party's contact details become where a person's export shows that party's words. */
export const WITHHELD = '[withheld]';

/**
 * Someone else's text (a friend's request) with each occurrence of `values` (case-insensitive) replaced
 * by `replacement` (`[erased]`), the rest of their words kept; `changed` says whether anything was.
 */
export function redactText(
  text: string,
  values: ErasedValues,
  replacement = ERASED,
): { value: string; changed: boolean } {
  const needles = needlesOf(values);
  if (needles.length === 0) return { value: text, changed: false };
  const pattern = new RegExp(needles.map((needle) => needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  const value = text.replace(pattern, replacement);
  return { value, changed: value !== text };
}

/** Whether `text` holds one of `values` (case-insensitive): someone else's words that name the person. */
export const mentions = (text: string, values: ErasedValues): boolean => redactText(text, values).changed;
