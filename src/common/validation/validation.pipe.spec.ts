import { Type } from 'class-transformer';
import { IsInt, IsString, Max, ValidateNested } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { SkipIfAbsent } from './skip-if-absent.decorator';
import { createValidationPipe } from './validation.pipe';

class Location {
  @IsString()
  label: string;
}

class Body {
  @SkipIfAbsent()
  @IsInt()
  @Max(100)
  size?: number;

  @ValidateNested({ each: true })
  @Type(() => Location)
  locations: Location[];
}

describe('createValidationPipe', () => {
  const pipe = createValidationPipe();
  const validate = (value: unknown) => pipe.transform(value, { type: 'body', metatype: Body });

  it('reports nested fields with their path, in one readable sentence', async () => {
    const error = (await validate({ size: 101, locations: [{ label: 'a' }, { label: 7 }] }).catch(
      (e: unknown) => e,
    )) as DomainError;
    expect(error).toBeInstanceOf(DomainError);
    expect(error.details).toEqual([
      { field: 'size', message: 'size must not be greater than 100' },
      { field: 'locations.1.label', message: 'label must be a string' },
    ]);
    expect(error.message).toBe('Invalid request: size must not be greater than 100; label must be a string.');
  });

  it('lets an absent optional property through but refuses an explicit null', async () => {
    await expect(validate({ locations: [] })).resolves.toBeInstanceOf(Body);
    await expect(validate({ size: null, locations: [] })).rejects.toThrow(/size must be an integer/);
  });

  it('refuses properties the DTO does not declare', async () => {
    await expect(validate({ locations: [], admin: true })).rejects.toThrow(/property admin should not exist/);
  });
});

describe('NUL characters', () => {
  const pipe = createValidationPipe();

  it('refuses a NUL anywhere in the input, naming the field, before validation', async () => {
    const error = (await pipe
      .transform({ locations: [{ label: 'a\u0000b' }] }, { type: 'body', metatype: Body })
      .catch((e: unknown) => e)) as DomainError;
    expect(error.details).toEqual([
      { field: 'locations.0.label', message: 'locations.0.label must not contain NUL characters' },
    ]);
    await expect(pipe.transform('1\u0000', { type: 'param', data: 'vendorId' })).rejects.toThrow(
      /vendorId must not contain NUL/,
    );
  });
});

describe('what the pipe scans', () => {
  const pipe = createValidationPipe();

  it('never walks a custom parameter, such as the uploaded files', async () => {
    const walked = jest.fn(() => []);
    const untouchable = new Proxy({}, { ownKeys: walked });
    await expect(pipe.transform(untouchable, { type: 'custom' })).resolves.toBe(untouchable);
    const files = [{ originalname: 'a\u0000.png', buffer: Buffer.alloc(1024) }];
    await expect(pipe.transform(files, { type: 'custom' })).resolves.toBe(files);
    expect(walked).not.toHaveBeenCalled();
  });

  it('refuses a prototype key the DTO would silently drop', async () => {
    await expect(
      pipe.transform(JSON.parse('{"locations": [], "__proto__": {"size": 1}}'), { type: 'body', metatype: Body }),
    ).rejects.toThrow(/property __proto__ should not exist/);
  });
});
