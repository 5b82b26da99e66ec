/** A person's values whose every spelling must be gone after an erasure. */
export interface SpelledPerson {
  lastName: string;
  email: string;
  phone: string;
}

/**
 * Every spelling of the person as regular expressions (any case): the last name (in "Zoé Quintal…"
 * JSON-escaped or not), the e-mail's local part (so the address whole, URL-encoded as `%40` or
 * JSON-escaped), and the phone's three groups with anything short between (E.164, digits, dashes,
 * dots, spaces, brackets). The same patterns serve SQL (`~*`) and JavaScript (`new RegExp(pattern, 'i')`).
 */
export function spellings(p: SpelledPerson): { name: string; pattern: string }[] {
  const literal = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const digits = p.phone.replace(/\D/g, '');
  const sep = '[^0-9a-z]{0,3}';
  return [
    { name: 'name', pattern: literal(p.lastName) },
    { name: 'e-mail', pattern: literal(p.email.split('@')[0]) },
    { name: 'phone', pattern: `${digits.slice(0, 3)}${sep}${digits.slice(3, 6)}${sep}${digits.slice(6)}` },
  ];
}

/** The spellings of the person (and the other values given, literally) that `text` holds, by name. */
export function spelledIn(text: string, p: SpelledPerson, others: string[] = []): string[] {
  const lower = text.toLowerCase();
  return [
    ...spellings(p)
      .filter(({ pattern }) => new RegExp(pattern, 'i').test(text))
      .map(({ name }) => name),
    ...others.filter((value) => lower.includes(value.toLowerCase())),
  ];
}
