// Loaded by Jest after the framework in each e2e file: every response of a test app is checked
// against the OpenAPI document (support/response-contract.ts); a mismatch fails the test that caused it.
import { enableResponseContract, takeMismatches } from './response-contract';

enableResponseContract();

afterEach(() => {
  const found = takeMismatches();
  if (found.length) throw new Error(`Responses that do not match the OpenAPI document:\n- ${found.join('\n- ')}`);
});
