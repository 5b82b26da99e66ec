import { MANAGER_API_PREFIX, VENDOR_API_PREFIX } from '../../src/auth/decorators/access.decorators';

/** Where the two APIs are served, as their controllers declare it. */
export const VENDOR_API = `/${VENDOR_API_PREFIX}`;
export const MANAGER_API = `/${MANAGER_API_PREFIX}`;
