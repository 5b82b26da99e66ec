import { pageOf } from './page';

describe('pageOf', () => {
  it('counts pages and marks the last one', () => {
    expect(pageOf(['a'], { page: 0, size: 10 }, 25)).toEqual({
      content: ['a'],
      page: 0,
      size: 10,
      totalElements: 25,
      totalPages: 3,
      last: false,
    });
    expect(pageOf([], { page: 2, size: 10 }, 25)).toMatchObject({ totalPages: 3, last: true });
    expect(pageOf([], { page: 2, size: 10 }, 30)).toMatchObject({ totalPages: 3, last: true });
  });

  it('calls a page past the end last, with the real totals', () => {
    expect(pageOf([], { page: 9, size: 10 }, 25)).toMatchObject({ totalElements: 25, totalPages: 3, last: true });
  });

  it('has no pages and a last first page when nothing matches', () => {
    expect(pageOf([], { page: 0, size: 10 }, 0)).toMatchObject({ totalPages: 0, last: true });
  });
});
