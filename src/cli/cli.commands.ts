import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { parseArgs } from 'node:util';
import type { AuditTarget } from '../audit/audit-record';
import { AuditService } from '../audit/audit.service';
import { ApiKeyChanges } from '../api-keys/api-key-changes.service';
import { ApiKeyWithSecretResponse } from '../api-keys/dto/api-key.response';
import { ALL_SCOPES, type ApiScope } from '../auth/decorators/scopes';
import { AuthService } from '../auth/auth.service';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import { RetentionPass } from '../customer-data/retention-pass';
import { LocalImagesImport } from '../images/local-images-import';
import { VendorsService } from '../vendors/vendors.service';
import { WebhookSecrets } from '../webhooks/webhook-secrets';
import { DemoSeed } from './demo-seed';

export class UsageError extends Error {}

interface Command {
  /** Its options, as the usage shows them. */
  options?: string;
  /** What it does and prints, one line each in the usage. */
  does: string[];
  /** Its work, answering the one thing it prints on stdout; none for `check-config`, run by src/cli.ts without the application. */
  run?: (cli: CliCommands, args: string[]) => Promise<string>;
}

/** Every command, named here only: the usage, the check of a command's name and its work come from this table. */
const COMMANDS: Record<string, Command> = {
  'create-admin': {
    options: '--email E --name N',
    does: ['creates an ADMIN manager, prints its token'],
    run: async (cli, args) => (await cli.createAdmin(option(args, 'email'), option(args, 'name'))).token,
  },
  'manager-token': {
    options: '--email E',
    does: ['new manager token (the old one is revoked)'],
    run: (cli, args) => cli.issueManagerToken(option(args, 'email')),
  },
  'vendor-token': {
    options: '--vendor-id ID',
    does: ['new vendor token (the old one is revoked)'],
    run: (cli, args) => {
      const vendorId = Number(option(args, 'vendor-id'));
      if (!Number.isSafeInteger(vendorId) || vendorId < 1)
        throw new UsageError('--vendor-id must be a positive integer.');
      return cli.issueVendorToken(vendorId);
    },
  },
  'manager-key': {
    options: '--email E --name N [--scopes S,S] [--expires-at T]',
    does: ['a new API key of an ADMIN manager (every scope', 'by default), prints it as JSON with its token'],
    run: async (cli, args) => JSON.stringify(await cli.createManagerKey(args), null, 2),
  },
  'seed-demo': {
    does: ['demo admin, vendor, leads and reputation journeys,', 'prints the tokens and customer links as JSON'],
    run: async (cli) => JSON.stringify(await cli.seedDemo(), null, 2),
  },
  'move-local-images': {
    does: ['copies the image files under UPLOAD_DIR into the', 'configured store (IMAGE_STORAGE), prints the count'],
    run: (cli) => cli.moveLocalImages(),
  },
  'reencrypt-secrets': {
    does: [
      'seals every webhook signing secret under SECRETS_KEY,',
      'prints how many it sealed and how many no key opens',
    ],
    run: (cli) => cli.reencryptSecrets(),
  },
  'check-config': {
    does: [
      'checks every setting (environment and .env) without',
      'starting anything; lists each one to fix, exit code 1',
    ],
  },
  retention: {
    does: ['runs the retention pass now, prints what it removed', '(as JSON); fails while another pass is running'],
    run: (cli) => cli.runRetention(),
  },
};

const USAGE_COLUMN = 60;

export const USAGE = `Usage:\n${Object.entries(COMMANDS)
  .flatMap(([name, { options, does }]) => {
    const call = `  npm run --silent cli -- ${name}${options ? ` ${options}` : ''}`;
    return does.map((line, index) => `${(index === 0 ? call : '').padEnd(USAGE_COLUMN)}${line}`);
  })
  .join('\n')}`;

export const COMMAND_NAMES = Object.keys(COMMANDS);

/** Checked before the database is touched, so a typo fails fast. */
export const isCommand = (command: string): boolean => Object.hasOwn(COMMANDS, command);

function option(args: string[], name: string): string;
function option(args: string[], name: string, optional: 'optional'): string | undefined;
function option(args: string[], name: string, optional?: 'optional'): string | undefined {
  let value: unknown;
  try {
    // Commands take one or two options; parse leniently and pick the one asked for.
    value = parseArgs({ args, options: { [name]: { type: 'string' } }, strict: false }).values[name];
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value.trim();
}

/** The commands' work on the application's services. */
@Injectable()
export class CliCommands {
  constructor(
    private readonly auth: AuthService,
    private readonly vendors: VendorsService,
    private readonly localImages: LocalImagesImport,
    private readonly audit: AuditService,
    private readonly webhookSecrets: WebhookSecrets,
    private readonly retention: RetentionPass,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly apiKeys: ApiKeyChanges,
    private readonly demo: DemoSeed,
    private readonly clock: Clock,
  ) {}

  run(command: string, args: string[]): Promise<string> {
    const work = isCommand(command) ? COMMANDS[command].run : undefined;
    if (!work) throw new UsageError(`Unknown command "${command}".`);
    return work(this, args);
  }

  issueManagerToken(email: string): Promise<string> {
    return this.audited('manager-token', ['email'], async () => {
      const { manager, token } = await this.auth.issueManagerTokenFor(email);
      return { result: token, target: { type: 'manager', id: String(manager.id) } };
    });
  }

  async moveLocalImages(): Promise<string> {
    const { copied, storage } = await this.localImages.run();
    return `${copied} image file(s) copied into the ${storage} store.`;
  }

  async reencryptSecrets(): Promise<string> {
    return JSON.stringify(await this.webhookSecrets.resealAll());
  }

  async runRetention(): Promise<string> {
    const removed = await this.retention.run();
    if (!removed) throw new DomainError(ErrorCode.Conflict, 'Another retention pass is running; try again later.');
    return JSON.stringify(removed);
  }

  /**
   * Runs a command that issues a token in one transaction with its audit entry (docs/contract.md#data-rights): the
   * token exists only if its entry does. The entry names the fields given, never a value or the token.
   */
  private audited<T>(
    command: string,
    fields: string[],
    work: () => Promise<{ result: T; target: AuditTarget; vendorId?: number }>,
  ): Promise<T> {
    return this.txHost.withTransaction(async () => {
      const { result, target, vendorId = null } = await work();
      await this.audit.record({
        actor: { type: 'cli', id: null },
        action: `cli ${command}`,
        target,
        vendorId,
        requestId: null,
        fields,
      });
      return result;
    });
  }

  createAdmin(email: string, name: string): ReturnType<AuthService['createAdmin']> {
    return this.audited('create-admin', ['email', 'name'], async () => {
      const created = await this.auth.createAdmin(email, name);
      return { result: created, target: { type: 'manager', id: String(created.manager.id) } };
    });
  }

  /** Audited by the keys' own entry (which names its scopes). */
  async createManagerKey(args: string[]): Promise<ApiKeyWithSecretResponse> {
    const [email, name] = [option(args, 'email'), option(args, 'name')];
    const expiresAt = option(args, 'expires-at', 'optional');
    const scopes = (option(args, 'scopes', 'optional') ?? '*').split(',').map((scope) => scope.trim());
    const unknown = scopes.filter((scope) => !(ALL_SCOPES as readonly string[]).includes(scope));
    if (unknown.length) throw new UsageError(`Unknown scopes ${unknown.join(', ')}; known: ${ALL_SCOPES.join(', ')}.`);
    if (expiresAt !== undefined && Number.isNaN(Date.parse(expiresAt)))
      throw new UsageError('--expires-at must be a date-time, such as 2027-01-31T12:00:00Z.');
    const manager = await this.auth.adminByEmail(email);
    const request = { name, scopes: scopes as ApiScope[], expiresAt: expiresAt ? new Date(expiresAt) : null };
    const issued = await this.apiKeys.create({ type: 'manager', id: manager.id }, request, { type: 'cli', id: null });
    return ApiKeyWithSecretResponse.issued(issued, this.clock.now());
  }

  issueVendorToken(vendorId: number): Promise<string> {
    return this.audited('vendor-token', ['vendorId'], async () => ({
      result: await this.vendors.issueToken(vendorId, 'cli'),
      target: { type: 'vendor', id: String(vendorId) },
      vendorId,
    }));
  }

  async seedDemo(): Promise<Record<string, unknown>> {
    const suffix = Date.now().toString(36);
    const admin = await this.createAdmin(`admin+${suffix}@demo.example`, 'Demo Admin');
    const vendor = await this.demo.createVendor(suffix);
    return {
      managerEmail: admin.manager.email,
      managerToken: admin.token,
      vendorId: vendor.id,
      vendorToken: await this.issueVendorToken(vendor.id),
      leadIds: await this.demo.leads(vendor.id),
      customerLinks: await this.demo.journeys(vendor),
    };
  }
}
