import { bearer, createAdmin } from './factories';
import { TestApp, createTestApp } from './test-app';

export interface ManagerTestApp extends TestApp {
  /** The Authorization header of a fresh ADMIN manager. */
  manager: Record<string, string>;
}

/** The real application, and a manager token to call the manager API with. */
export async function createManagerTestApp(): Promise<ManagerTestApp> {
  const t = await createTestApp();
  return { ...t, manager: bearer((await createAdmin(t.app)).token) };
}
