/** A customer's email (lower-cased) and phone (`xxx-xxx-xxxx`), either possibly absent. */
export interface Contact {
  email: string | null;
  phone: string | null;
}

export const contactOf = (email: string | undefined | null, phone: string | undefined | null): Contact => ({
  email: email?.toLowerCase() ?? null,
  phone: phone ?? null,
});

/** The contacts that are given, email first. */
export const addressesOf = ({ email, phone }: Contact): string[] =>
  [email, phone].filter((address): address is string => address !== null);
