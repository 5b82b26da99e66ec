import { readFileSync } from 'node:fs';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ResponseContract } from './support/response-contract';

/** The checker every e2e response passes through (support/response-contract.setup.ts) really can fail. */
describe('Response contract (e2e support)', () => {
  const contract = new ResponseContract(
    JSON.parse(readFileSync(process.env.E2E_OPENAPI_DOCUMENT!, 'utf8')) as OpenAPIObject,
  );
  const json = 'application/json; charset=utf-8';
  const page = { content: [], page: 0, size: 10, totalElements: 0, totalPages: 0, last: true };

  it('accepts an answer as documented', () => {
    expect(
      contract.check('GET', '/rest-api-v1/general-leads', 200, json, JSON.stringify({ success: true, data: page })),
    ).toBeUndefined();
    const notFound = JSON.stringify({ success: false, error: 'Lead 9 was not found.' });
    expect(contract.check('GET', '/rest-api-v1/general-leads/9', 404, json, notFound)).toBeUndefined();
  });

  it('refuses a body that does not match, a status not listed, and a wrong content type', () => {
    expect(contract.check('GET', '/rest-api-v1/general-leads', 200, json, JSON.stringify({ data: page }))).toMatch(
      /does not match listLeads's schema/,
    );
    expect(
      contract.check(
        'GET',
        '/rest-api-v1/general-leads',
        200,
        json,
        JSON.stringify({ success: true, data: { ...page, size: 1.5 } }),
      ),
    ).toMatch(/size: must be integer/);
    expect(contract.check('GET', '/rest-api-v1/general-leads/filter-counts', 201, json, '{}')).toMatch(
      /a status the document does not list for countLeadsByFilter/,
    );
    expect(contract.check('GET', '/images/abc.png', 404, 'image/png', '')).toMatch(/Content-Type image\/png/);
  });

  it('checks no route the document does not describe', () => {
    expect(contract.check('GET', '/no/such/route', 404, json, '{}')).toBeUndefined();
  });
});
