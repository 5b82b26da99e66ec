import type { Response } from 'supertest';

/** The response is the error envelope with this status and a message matching the pattern. */
export function expectError(res: Response, status: number, pattern: RegExp): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: expect.objectContaining({ success: false, error: expect.stringMatching(pattern) }),
  });
}

/** The fields a validation error names in its details. */
export const failedFields = (res: Response): string[] =>
  (res.body as { details?: { field: string }[] }).details?.map((d) => d.field) ?? [];
