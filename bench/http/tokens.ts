import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { Client } from 'pg';

/** The secret the benchmarks' servers are started with, so that they accept the tokens signed here. */
export const BENCH_JWT_SECRET = 'http-bench-secret-http-bench-secret-http-bench';

export type BenchAccount = 'big' | 'typical' | 'manager';

/**
 * Tokens for vendors #1 and #2 and the manager of a load database, signed as the service signs them,
 * for their stored keys (seeded without a hash: trusted on their signature, as the service trusts keys
 * from before keys were hashed).
 */
export async function benchTokens(databaseUrl: string): Promise<Record<BenchAccount, string>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const vendors = await client.query<{ id: number; jti: string }>(
      'SELECT v.id, k.id AS jti FROM vendors v JOIN api_keys k ON k.vendor_id = v.id ORDER BY v.id LIMIT 2',
    );
    const manager = await client.query<{ id: number; jti: string }>(
      "SELECT m.id, k.id AS jti FROM managers m JOIN api_keys k ON k.manager_id = m.id WHERE role = 'ADMIN' ORDER BY m.id LIMIT 1",
    );
    const jwt = new JwtService({ secret: createSecretKey(Buffer.from(BENCH_JWT_SECRET)) });
    const sign = (typ: string, { id, jti }: { id: number; jti: string }) =>
      jwt.sign({ typ }, { subject: String(id), jwtid: jti, algorithm: 'HS256' });
    return {
      big: sign('vendor', vendors.rows[0]),
      typical: sign('vendor', vendors.rows[1]),
      manager: sign('manager', manager.rows[0]),
    };
  } finally {
    await client.end();
  }
}
