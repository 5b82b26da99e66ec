const NAME_PART_LENGTH = 100;

/**
 * A feedback request's single customer name as a first name (greetings, messages) and the rest (the
 * review request it may lead to), each cut to the 100 characters their columns hold.
 */
export function splitCustomerName(customerName: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = customerName.trim().split(/\s+/);
  return {
    firstName: first.slice(0, NAME_PART_LENGTH),
    lastName: rest.join(' ').slice(0, NAME_PART_LENGTH) || null,
  };
}
