import { splitCustomerName } from './customer-name';

describe('splitCustomerName', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitCustomerName('Jane Doe')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(splitCustomerName(' Mary  Ann   de la Cruz ')).toEqual({ firstName: 'Mary', lastName: 'Ann de la Cruz' });
    expect(splitCustomerName('Cher')).toEqual({ firstName: 'Cher', lastName: null });
  });

  it('cuts each part to 100 characters', () => {
    const { firstName, lastName } = splitCustomerName(`${'a'.repeat(150)} ${'b'.repeat(150)}`);
    expect(firstName).toHaveLength(100);
    expect(lastName).toHaveLength(100);
  });
});
