import { IsString, MaxLength } from 'class-validator';
import { IsNorthAmericanPhone } from './phone';
import { Trim } from './trim.decorator';
import { createValidationPipe } from './validation.pipe';

class Form {
  @Trim()
  @IsString()
  @MaxLength(5)
  name: string;

  @IsNorthAmericanPhone()
  phone: string;
}

describe('@Trim() and the documented maxLength', () => {
  const pipe = createValidationPipe();
  const validate = (value: object) => pipe.transform(value, { type: 'body', metatype: Form }) as Promise<Form>;
  const phone = '416-555-0142';

  it('trims a string within its limit', async () => {
    await expect(validate({ name: ' abc ', phone: ` ${phone} ` })).resolves.toMatchObject({
      name: 'abc',
      phone,
    });
  });

  it('refuses a string over its limit as sent, even when the excess is white space', async () => {
    await expect(validate({ name: 'abc   ', phone })).rejects.toMatchObject({
      details: [{ field: 'name', message: 'name must be shorter than or equal to 5 characters' }],
    });
    await expect(validate({ name: 'abc', phone: phone.padEnd(26, ' ') })).rejects.toMatchObject({
      details: [{ field: 'phone', message: expect.stringMatching(/North American phone/) }],
    });
  });
});
