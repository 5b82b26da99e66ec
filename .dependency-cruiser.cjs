// The module map of docs/architecture.md, enforced by `npm run depcruise` (run by .ci/run). It fails when
// a module imports one its row does not list, when a folder under src/ is not in the map, or on a
// circular import. A new module gets a row here; `npm run architecture:write` then writes docs/architecture.md's table.

/**
 * Imported by any module: the infrastructure floor, auth's public parts (access decorators, the types of
 * the caller), and the kinds of write route (`@VendorWrite`, `@ManagerWrite`, `@PublicWrite`).
 */
const EVERYWHERE = [
  'common',
  'config',
  'database',
  'logging',
  'auth/decorators/',
  'auth/principal.ts',
  'auth/vendor-account.ts',
  'write-routes',
];

/**
 * Each folder under src/ and what it may import besides EVERYWHERE: a module's name (any of its files)
 * or one of its paths (a file, or a folder ending in '/'). Kept in the order of docs/architecture.md.
 */
const MAY_IMPORT = {
  // Wiring and the documents built from every module.
  cli: ['*'],
  openapi: ['leads', 'reputation', 'events/event-types.ts', 'webhooks/event-examples.ts'],
  'customer-data': [
    'leads',
    'reputation',
    'feedback',
    'review-requests',
    'referrals',
    'notifications',
    'events',
    'idempotency',
    'audit',
    'webhooks',
    'sms-inbound',
    'lead-conversations',
    'consent',
  ],
  metrics: ['notifications', 'webhooks', 'leads', 'rate-limit', 'customer-pages/customer-pages.module.ts'],
  'customer-pages': ['reputation', 'review-requests', 'feedback', 'referrals', 'review-settings', 'lead-conversations'],
  'lead-conversations': [
    'leads',
    'reputation',
    'notifications',
    'events',
    'vendors',
    'automation-settings',
    'sms-inbound',
  ],
  'reputation-kpi': ['reputation', 'feedback', 'referrals'],
  'sms-inbound': ['reputation', 'notifications', 'events', 'vendors'],
  automation: ['reputation', 'review-requests', 'leads', 'automation-settings', 'review-settings', 'vendors'],
  feedback: ['review-requests', 'consent', 'reputation', 'notifications', 'events'],
  referrals: ['reputation', 'notifications', 'leads'],
  'review-requests': ['consent', 'reputation', 'review-settings', 'notifications', 'events'],
  consent: ['leads', 'reputation', 'notifications', 'vendors'],
  reputation: ['notifications', 'events', 'vendors', 'automation-settings'],
  'lead-alerts': ['leads', 'notifications', 'automation-settings', 'vendors'],
  leads: ['vendors', 'events'],
  'automation-settings': ['vendors'],
  images: ['vendors', 'idempotency'],
  documents: ['vendors'],
  'review-settings': ['vendors', 'notifications/rendering/'],
  notifications: ['vendors', 'events'],
  health: ['rate-limit'],
  'api-keys': ['auth', 'vendors', 'audit'],
  events: ['vendors'],
  webhooks: ['events/event-types.ts', 'events/event-subscribers.ts', 'events/events.module.ts', 'vendors'],
  vendors: ['auth'],
  'write-routes': [
    'idempotency/idempotency.interceptor.ts',
    'audit/audit.interceptor.ts',
    'audit/manager-writes.ts',
    'rate-limit/write-slot.interceptor.ts',
  ],
  idempotency: [],
  audit: [],
  'rate-limit': ['auth'],
  auth: [],
  common: [],
  config: [],
  'embedded-database': [],
  database: [],
  logging: [],
};

const MODULES = Object.keys(MAY_IMPORT);
const escape = (path) => path.replace(/[.]/g, '\\.');
/** A regular expression matching what `entries` name under src/. */
const under = (entries) =>
  `^src/(${entries.map((entry) => (entry.includes('/') ? escape(entry) : `${entry}/`)).join('|')})`;

const moduleRules = Object.entries(MAY_IMPORT)
  .filter(([, allowed]) => !allowed.includes('*'))
  .map(([module, allowed]) => ({
    name: `module-map:${module}`,
    comment: `${module} may import only ${allowed.join(', ') || 'infrastructure'} (docs/architecture.md)`,
    severity: 'error',
    from: { path: `^src/${module}/` },
    to: { path: '^src/', pathNot: under([module, ...EVERYWHERE, ...allowed]) },
  }));

const undeclared = `^src/(?!(${MODULES.join('|')})/)[^/]+/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...moduleRules,
    {
      name: 'module-map:undeclared',
      comment: 'every folder under src/ is a module of docs/architecture.md and has a row in MAY_IMPORT',
      severity: 'error',
      from: { path: undeclared },
      to: {},
    },
    {
      name: 'module-map:into-undeclared',
      comment: 'every folder under src/ is a module of docs/architecture.md and has a row in MAY_IMPORT',
      severity: 'error',
      from: {},
      to: { path: undeclared },
    },
    {
      name: 'no-module-imports-wiring',
      comment: 'app.module, main, cli and app.setup wire the modules; no module imports them',
      severity: 'error',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/[^/]+\\.ts$' },
    },
    {
      name: 'migration-stands-alone',
      comment: 'a migration imports no other migration: what it shares with an older one is written out in it',
      severity: 'error',
      from: { path: '^migrations/[0-9][^/]*[.]ts$' },
      to: { path: '^migrations/[0-9]' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies on a module too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

// The module map itself, for `npm run architecture:write` (docs/architecture.md's "may use" column). Not an
// option of dependency-cruiser: defined non-enumerable, so its configuration check does not see it.
Object.defineProperty(module.exports, 'mayImport', { value: { everywhere: EVERYWHERE, modules: MAY_IMPORT } });
