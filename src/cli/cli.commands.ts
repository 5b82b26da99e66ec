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
import { PostLeadStatus } from '../leads/entities/lead.entity';
import { LeadsService } from '../leads/leads.service';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { RetentionPass } from '../customer-data/retention-pass';
import { CustomerJourneyService } from '../customer-pages/customer-journey.service';
import { FeedbackService } from '../feedback/feedback.service';
import { LocalImagesImport } from '../images/local-images-import';
import { ReputationProcessService } from '../reputation/reputation-process.service';
import { ReviewRequestsService } from '../review-requests/review-requests.service';
import { ReviewSettingsService } from '../review-settings/review-settings.service';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { VendorsService } from '../vendors/vendors.service';
import { WebhookSecrets } from '../webhooks/webhook-secrets';

export const USAGE = `Usage:
  npm run --silent cli -- create-admin --email E --name N   creates an ADMIN manager, prints its token
  npm run --silent cli -- manager-token --email E           new manager token (the old one is revoked)
  npm run --silent cli -- vendor-token --vendor-id ID       new vendor token (the old one is revoked)
  npm run --silent cli -- manager-key --email E --name N [--scopes S,S] [--expires-at T]
                                                            a new API key of an ADMIN manager (every scope
                                                            by default), prints it as JSON with its token
  npm run --silent cli -- seed-demo                         demo admin, vendor, leads and reputation journeys,
                                                            prints the tokens and customer links as JSON
  npm run --silent cli -- move-local-images                 copies the image files under UPLOAD_DIR into the
                                                            configured store (IMAGE_STORAGE), prints the count
  npm run --silent cli -- reencrypt-secrets                 seals every webhook signing secret under SECRETS_KEY,
                                                            prints how many it sealed and how many no key opens
  npm run --silent cli -- check-config                      checks every setting (environment and .env) without
                                                            starting anything; lists each one to fix, exit code 1
  npm run --silent cli -- retention                         runs the retention pass now, prints what it removed
                                                            (as JSON); fails while another pass is running`;

export class UsageError extends Error {}

const COMMANDS = [
  'create-admin',
  'manager-token',
  'vendor-token',
  'manager-key',
  'seed-demo',
  'move-local-images',
  'reencrypt-secrets',
  'retention',
] as const;

/** Checked before the database is touched, so a typo fails fast. */
export const isCommand = (command: string): boolean => (COMMANDS as readonly string[]).includes(command);

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

/** Each command returns the one thing it prints on stdout. */
@Injectable()
export class CliCommands {
  constructor(
    private readonly auth: AuthService,
    private readonly vendors: VendorsService,
    private readonly leads: LeadsService,
    private readonly feedbackRequests: FeedbackService,
    private readonly reviewRequests: ReviewRequestsService,
    private readonly processes: ReputationProcessService,
    private readonly journeys: CustomerJourneyService,
    private readonly reviewSettings: ReviewSettingsService,
    private readonly localImages: LocalImagesImport,
    private readonly audit: AuditService,
    private readonly webhookSecrets: WebhookSecrets,
    private readonly retention: RetentionPass,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly apiKeys: ApiKeyChanges,
  ) {}

  async run(command: string | undefined, args: string[]): Promise<string> {
    switch (command) {
      case 'create-admin': {
        const email = option(args, 'email');
        const name = option(args, 'name');
        return (await this.createAdmin(email, name)).token;
      }
      case 'manager-token': {
        const email = option(args, 'email');
        return this.audited('manager-token', ['email'], async () => {
          const { manager, token } = await this.auth.issueManagerTokenFor(email);
          return { result: token, target: { type: 'manager', id: String(manager.id) } };
        });
      }
      case 'vendor-token': {
        const vendorId = Number(option(args, 'vendor-id'));
        if (!Number.isSafeInteger(vendorId) || vendorId < 1)
          throw new UsageError('--vendor-id must be a positive integer.');
        return this.issueVendorToken(vendorId);
      }
      case 'manager-key':
        return JSON.stringify(await this.createManagerKey(args), null, 2);
      case 'seed-demo':
        return JSON.stringify(await this.seedDemo(), null, 2);
      case 'move-local-images': {
        const { copied, storage } = await this.localImages.run();
        return `${copied} image file(s) copied into the ${storage} store.`;
      }
      case 'reencrypt-secrets':
        return JSON.stringify(await this.webhookSecrets.resealAll());
      case 'retention': {
        const removed = await this.retention.run();
        if (!removed) throw new DomainError(ErrorCode.Conflict, 'Another retention pass is running; try again later.');
        return JSON.stringify(removed);
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
    }
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

  private createAdmin(email: string, name: string): ReturnType<AuthService['createAdmin']> {
    return this.audited('create-admin', ['email', 'name'], async () => {
      const created = await this.auth.createAdmin(email, name);
      return { result: created, target: { type: 'manager', id: String(created.manager.id) } };
    });
  }

  /** Audited by the keys' own entry (which names its scopes). */
  private async createManagerKey(args: string[]): Promise<ApiKeyWithSecretResponse> {
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
    return ApiKeyWithSecretResponse.issued(issued, new Date());
  }

  private issueVendorToken(vendorId: number): Promise<string> {
    return this.audited('vendor-token', ['vendorId'], async () => ({
      result: await this.vendors.issueToken(vendorId, 'cli'),
      target: { type: 'vendor', id: String(vendorId) },
      vendorId,
    }));
  }

  private async seedDemo(): Promise<Record<string, unknown>> {
    const suffix = Date.now().toString(36);
    const admin = await this.createAdmin(`admin+${suffix}@demo.example`, 'Demo Admin');
    const vendor = await this.vendors.create({
      vendorName: `Demo Renovations ${suffix}`,
      email: `office+${suffix}@demo.example`,
      cityName: 'Toronto',
      provinceName: 'Ontario',
      packageType: 1,
    });
    await this.vendors.setFeatures(vendor.id, {
      enableFullRMS: true,
      enableStandaloneFeedbackBooster: true,
      enableStandaloneReviewBooster: true,
    });
    return {
      managerEmail: admin.manager.email,
      managerToken: admin.token,
      vendorId: vendor.id,
      vendorToken: await this.issueVendorToken(vendor.id),
      leadIds: await this.seedDemoLeads(vendor.id),
      customerLinks: await this.seedDemoJourneys(vendor),
    };
  }

  /**
   * Reputation journeys at several steps, answered through the same service the customer pages use,
   * so the KPIs have something to count; answers the customer links to try the pages with.
   */
  private async seedDemoJourneys(vendor: Vendor): Promise<Record<string, string>> {
    await this.reviewSettings.replace(vendor.id, {
      googleReviewEnabled: true,
      facebookReviewEnabled: true,
      bbbReviewEnabled: false,
      otherReviewEnabled: false,
      primaryGoogleReviewLabel: 'Toronto',
      googleReviewUrl: 'https://g.page/r/demo-toronto/review',
      facebookReviewUrl: 'https://www.facebook.com/demo-renovations/reviews',
      reviewLocations: [{ label: 'Mississauga', googleUrl: 'https://g.page/r/demo-mississauga/review' }],
    });
    const feedback = async (customerName: string) => {
      const email = `${customerName.split(' ')[0].toLowerCase()}@customer.example`;
      const created = await this.feedbackRequests.create(vendor, { customerName, email }, false);
      return this.processes.customerLinkOf(created!.process.id);
    };
    const review = async (firstName: string) => {
      const emailTo = `${firstName.toLowerCase()}@customer.example`;
      const created = await this.reviewRequests.create(vendor, { firstName, email: emailTo }, false);
      return this.processes.customerLinkOf(created!.process.id);
    };
    const links = {
      feedbackRequest: await feedback('Sophie Lavoie'),
      reviewQuestion: await review('Chloe'),
      reviewLinks: await feedback('Jacob Pelletier'),
      referral: await review('Nathan'),
      privateFeedback: await feedback('Lea Fortin'),
    };
    const token = (link: string) => link.slice(link.lastIndexOf('/') + 1);
    await this.journeys.answerFeedback(token(links.reviewLinks), {
      rating: 5,
      wouldRefer: 'yes',
      comment: 'Clean work, on time and on budget.',
    });
    await this.journeys.answerReview(token(links.referral), true);
    await this.journeys.confirmReview(token(links.referral));
    await this.journeys.share(token(links.referral), 'Nathan Bouchard');
    await this.journeys.answerFeedback(token(links.privateFeedback), { rating: 2, wouldRefer: 'no' });
    return links;
  }

  /** A lead in each state the vendor's screen shows, assigned and decided as in real use. */
  private async seedDemoLeads(vendorId: number): Promise<number[]> {
    const customers = [
      ['Kitchen renovation', 'Olivia Tremblay', 'Full kitchen remodel with an island.'],
      ['Bathroom remodel', 'Liam Gagnon', 'Replace the tub with a walk-in shower.'],
      ['Roofing', 'Emma Roy', 'Shingles lifting after the last storm.'],
      ['Basement finishing', 'Noah Côté', 'Finish 800 sq ft with a home office.'],
      ['Deck building', 'Ava Bouchard', 'Cedar deck, about 300 sq ft.'],
      ['Painting', 'William Morin', 'Interior, three bedrooms and a hallway.'],
    ];
    const assigned = [];
    for (const [i, [category, customerName, description]] of customers.entries()) {
      assigned.push(
        await this.leads.assign(vendorId, {
          category,
          customerName,
          customerEmail: `${customerName.split(' ')[0].toLowerCase()}@customer.example`,
          customerPhone: `416-555-01${10 + i}`,
          customerAddress: `${100 + i} King St W, Toronto, ON`,
          projectDetailsHtml: `<p>${description}</p>`,
          originalJobDescription: description,
        }),
      );
    }
    const [, viewed, toUpdate, quoted, won, declined] = assigned;
    await this.leads.view(vendorId, viewed.id);
    for (const lead of [toUpdate, quoted, won]) await this.leads.accept(vendorId, lead.id);
    await this.leads.setPostLeadStatus(vendorId, quoted.id, PostLeadStatus.QuoteSent);
    await this.leads.setPostLeadStatus(vendorId, won.id, PostLeadStatus.JobWon);
    await this.leads.decline(vendorId, declined.id, 'Fully booked this season.');
    return assigned.map((lead) => lead.id);
  }
}
