import { readFileSync } from 'node:fs';
import type { OpenAPIObject } from '@nestjs/swagger';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResponseContract, takeMismatches } from '../support/response-contract';
import { rawRequest } from '../support/raw-http';

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

  it('checks what a test receives from a server through fetch and raw-http', async () => {
    const server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: true, data: { content: [] } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await (await fetch(`${url}/rest-api-v1/general-leads`)).json();
      await rawRequest(url, { method: 'GET', path: '/rest-api-v1/general-leads?page=0' });
      const found = takeMismatches();
      expect(found).toHaveLength(2);
      expect(found[0]).toMatch(/GET \/rest-api-v1\/general-leads answered 200, a body that does not match listLeads/);
    } finally {
      server.close();
    }
  });
});
