// Loaded by Jest after the framework in each e2e file: every response of a test app, and every JSON
// answer a test receives from a built server (fetch, support/raw-http), is checked against the OpenAPI document (support/response-contract.ts); a mismatch fails the test that caused it.
import { checkFetchedResponses, enableResponseContract, takeMismatches } from './response-contract';

enableResponseContract();
checkFetchedResponses();

afterEach(() => {
  const found = takeMismatches();
  if (found.length) throw new Error(`Responses that do not match the OpenAPI document:\n- ${found.join('\n- ')}`);
});
