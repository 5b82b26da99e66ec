/** The largest `size` a list takes. */
export const MAX_PAGE_SIZE = 100;

/** Which page of a list: `page` from 0, `size` items per page. */
export interface PageRequest {
  page: number;
  size: number;
}

/** The lead-list Page shape of the spec. */
export interface Page<T> extends PageRequest {
  content: T[];
  totalElements: number;
  totalPages: number;
  /** True on the final page, and on any page past it. */
  last: boolean;
}

export function pageOf<T>(content: T[], { page, size }: PageRequest, totalElements: number): Page<T> {
  const totalPages = Math.ceil(totalElements / size);
  return { content, page, size, totalElements, totalPages, last: page >= totalPages - 1 };
}
