// scratch: node measure.tmp.js <path> [seconds]
const { spawn } = require('node:child_process');
const autocannon = require('autocannon');
const { JwtService } = require('@nestjs/jwt');
const { createSecretKey } = require('node:crypto');
const { Client } = require('pg');
const SECRET = 'http-bench-secret-http-bench-secret-http-bench';
const DB = 'postgres://postgres@127.0.0.1:5432/test_load';
(async () => {
  const [path, secs = '10'] = process.argv.slice(2);
  const c = new Client({ connectionString: DB }); await c.connect();
  const v = (await c.query('SELECT id, active_token_id AS jti FROM vendors ORDER BY id LIMIT 1')).rows[0];
  const m = (await c.query("SELECT id, active_token_id AS jti FROM managers LIMIT 1")).rows[0]; await c.end();
  const jwt = new JwtService({ secret: createSecretKey(Buffer.from(SECRET)) });
  const token = jwt.sign({ typ: path.includes('manager') ? 'manager' : 'vendor' }, { subject: String((path.includes('manager') ? m : v).id), jwtid: (path.includes('manager') ? m : v).jti, algorithm: 'HS256' });
  const child = spawn(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/cpu2'] : []), 'dist/src/main.js'], { env: { ...process.env, DATABASE_URL: DB, JWT_SECRET: SECRET, LOG_LEVEL: process.env.LL || 'info', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_WINDOW_MS: '1000', PORT: '45200' }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) { try { if ((await fetch('http://127.0.0.1:45200/health/ready')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
  const opts = { url: 'http://127.0.0.1:45200' + path, connections: 20, headers: { authorization: 'Bearer ' + token } };
  await autocannon({ ...opts, duration: 2 });
  const fs = require('node:fs');
  const cpu = () => { const f = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (+f[11] + +f[12]) * 10; };
  for (let i = 0; i < 2; i++) { const c0 = cpu(); const r = await autocannon({ ...opts, duration: Number(secs) }); const ms = (cpu() - c0) / r.requests.total; console.log(`${r.requests.average} req/s p50 ${r.latency.p50} p99 ${r.latency.p99} non2xx ${r.non2xx} node CPU ${ms.toFixed(3)} ms/req`); }
  child.kill('SIGTERM');
})();
