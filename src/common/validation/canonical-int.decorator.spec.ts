import { INT64_ID, IsCanonicalInt } from './canonical-int.decorator';
import { SkipIfAbsent } from './skip-if-absent.decorator';
import { createValidationPipe } from './validation.pipe';

describe('@IsCanonicalInt', () => {
  class Query {
    @IsCanonicalInt(INT64_ID)
    id: number;

    @SkipIfAbsent()
    @IsCanonicalInt({ min: 0, max: 100 })
    page: number = 0;
  }
  const pipe = createValidationPipe();
  const validate = (value: object) => pipe.transform(value, { type: 'query', metatype: Query });

  it.each([
    ['1', 1],
    ['10', 10],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('converts the plain digits %p', async (id, expected) => {
    await expect(validate({ id })).resolves.toEqual({ id: expected, page: 0 });
  });

  it('takes 0 where the range starts at 0, and the default of an absent value', async () => {
    await expect(validate({ id: '1', page: '0' })).resolves.toEqual({ id: 1, page: 0 });
    await expect(validate({ id: '1' })).resolves.toEqual({ id: 1, page: 0 });
  });

  it.each([
    '1e3',
    '0x10',
    '0b1',
    '0o7',
    '+1',
    '01',
    '00',
    ' 1',
    '1 ',
    '1.0',
    '1.',
    '-1',
    '0',
    '',
    '١',
    'Infinity',
    '9007199254740992',
    '9223372036854775808',
    '1'.repeat(400),
    ['1'],
    { a: '1' },
    null,
    1.5,
  ])('refuses the id %p, saying how it must be written', async (id) => {
    await expect(validate({ id })).rejects.toThrow(
      'Invalid request: id must be a whole number from 1 to 9007199254740991, written in plain digits.',
    );
  });
});
