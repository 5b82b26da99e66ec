import { Expose, Transform } from 'class-transformer';
import { IsEnum, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../pagination/page.query';
import { IsCanonicalInt } from './canonical-int.decorator';
import { SkipIfAbsent } from './skip-if-absent.decorator';
import { parseQueryFast } from './query-fast-path';
import { Trim } from './trim.decorator';
import { createValidationPipe } from './validation.pipe';

enum Filter {
  All = 'ALL',
  Accepted = 'ACCEPTED',
}

class FilteredPage extends PageQuery {
  @SkipIfAbsent()
  @IsEnum(Filter)
  filter: Filter = Filter.All;
}

class SearchPage extends PageQuery {
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(5)
  search?: string;
}

class RequiredId {
  @IsCanonicalInt({ min: 1, max: 10 })
  id: number;
}

/** A conversion of its own: class-transformer lower-cases what the fast path would keep as sent. */
class ConvertedFilter {
  @SkipIfAbsent()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsEnum(['ALL', 'all'])
  filter?: string;
}

/** A property class-transformer fills from another query key. */
class RenamedPage {
  @SkipIfAbsent()
  @Expose({ name: 'p' })
  @IsCanonicalInt({ min: 0, max: 10 })
  page?: number;
}

const OPTIONS = { enableImplicitConversion: false };

const QUERIES: Record<string, unknown>[] = [
  {},
  { page: '0' },
  { page: '9000', size: '10' },
  { page: '1000000', size: '100', filter: 'ACCEPTED' },
  { page: '1000001' },
  { page: '01' },
  { page: '-1' },
  { page: '1e3' },
  { page: '' },
  { size: '0' },
  { size: '101' },
  { filter: 'accepted' },
  { page: ['1', '2'] },
  { other: '1' },
  { search: '  ab ' },
  { search: 'too long' },
  { id: '3' },
  { filter: 'ALL' },
  { p: '1' },
];

/** The pipe's answer: the DTO, or the error's message and details. */
async function answer(type: 'query' | 'body', metatype: new () => object, query: unknown): Promise<unknown> {
  return createValidationPipe()
    .transform(query, { type, metatype })
    .catch((error: { message: string; details?: unknown }) => ({ error: error.message, details: error.details }));
}

describe('the query fast path', () => {
  it.each([FilteredPage, SearchPage, RequiredId, ConvertedFilter, RenamedPage])(
    'answers %p exactly as class-validator does',
    async (metatype) => {
      for (const query of QUERIES) {
        // A body goes the whole way (class-transformer, class-validator) under the same rules.
        const full = await answer('body', metatype, { ...query });
        const fast = await answer('query', metatype, { ...query });
        expect({ query, fast }).toEqual({ query, fast: full });
        expect(fast instanceof metatype).toBe(full instanceof metatype);
      }
    },
  );

  it('takes valid page and filter queries without class-validator, and leaves anything else to it', () => {
    expect(parseQueryFast(FilteredPage, { page: '9000', size: '10', filter: 'ACCEPTED' }, OPTIONS)).toEqual(
      Object.assign(new FilteredPage(), { page: 9000, size: 10, filter: Filter.Accepted }),
    );
    expect(parseQueryFast(SearchPage, {}, OPTIONS)).toBeInstanceOf(SearchPage);
    for (const query of [{ page: '01' }, { size: '101' }, { filter: 'accepted' }, { other: '1' }]) {
      expect(parseQueryFast(FilteredPage, query, OPTIONS)).toBeUndefined();
    }
    // A text field has its own conversion: only its absence is taken.
    expect(parseQueryFast(SearchPage, { search: 'ab' }, OPTIONS)).toBeUndefined();
    // A required property is never taken: its absence is an error.
    expect(parseQueryFast(RequiredId, { id: '3' }, OPTIONS)).toBeUndefined();
    // What class-transformer would do otherwise than the fast path leaves the class to the pipe.
    expect(parseQueryFast(ConvertedFilter, { filter: 'ALL' }, OPTIONS)).toBeUndefined();
    expect(parseQueryFast(RenamedPage, { page: '1' }, OPTIONS)).toBeUndefined();
  });
});
