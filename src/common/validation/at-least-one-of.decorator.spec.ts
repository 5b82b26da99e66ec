import { IsString } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { AtLeastOneOf } from './at-least-one-of.decorator';
import { SkipIfAbsent } from './skip-if-absent.decorator';
import { createValidationPipe } from './validation.pipe';

describe('@AtLeastOneOf', () => {
  @AtLeastOneOf('email', 'phone')
  class Contact {
    @SkipIfAbsent()
    @IsString()
    email?: string;

    @SkipIfAbsent()
    @IsString()
    phone?: string;
  }
  const pipe = createValidationPipe();
  const validate = (value: unknown) => pipe.transform(value, { type: 'body', metatype: Contact });

  it('admits either property alone', async () => {
    await expect(validate({ email: 'a@b.c' })).resolves.toEqual({ email: 'a@b.c' });
    await expect(validate({ phone: '416' })).resolves.toEqual({ phone: '416' });
  });

  it('refuses neither, naming both, and still checks a property that is present', async () => {
    const neither = (await validate({}).catch((e: unknown) => e)) as DomainError;
    expect(neither.details).toEqual([
      { field: 'email or phone', message: 'provide email or phone: at least one of them is required' },
    ]);
    await expect(validate({ email: 7 })).rejects.toThrow(/email must be a string/);
  });
});
