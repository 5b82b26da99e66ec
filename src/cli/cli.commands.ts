import { Injectable } from '@nestjs/common';
import { parseArgs } from 'node:util';
import { AuthService } from '../auth/auth.service';
import { VendorsService } from '../vendors/vendors.service';

export const USAGE = `Usage:
  npm run --silent cli -- create-admin --email E --name N   creates an ADMIN manager, prints its token
  npm run --silent cli -- manager-token --email E           new manager token (the old one is revoked)
  npm run --silent cli -- vendor-token --vendor-id ID       new vendor token (the old one is revoked)
  npm run --silent cli -- seed-demo                         demo admin and vendor, prints their tokens as JSON`;

export class UsageError extends Error {}

const COMMANDS = ['create-admin', 'manager-token', 'vendor-token', 'seed-demo'] as const;

/** Checked before the database is touched, so a typo fails fast. */
export const isCommand = (command: string): boolean => (COMMANDS as readonly string[]).includes(command);

function option(args: string[], name: string): string {
  let value: unknown;
  try {
    // Commands take one or two options; parse leniently and pick the one asked for.
    value = parseArgs({ args, options: { [name]: { type: 'string' } }, strict: false }).values[name];
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value.trim();
}

/** Each command returns the one thing it prints on stdout. */
@Injectable()
export class CliCommands {
  constructor(
    private readonly auth: AuthService,
    private readonly vendors: VendorsService,
  ) {}

  async run(command: string | undefined, args: string[]): Promise<string> {
    switch (command) {
      case 'create-admin': {
        const email = option(args, 'email');
        const name = option(args, 'name');
        return (await this.auth.createAdmin(email, name)).token;
      }
      case 'manager-token':
        return this.auth.issueManagerTokenByEmail(option(args, 'email'));
      case 'vendor-token': {
        const vendorId = Number(option(args, 'vendor-id'));
        if (!Number.isSafeInteger(vendorId) || vendorId < 1)
          throw new UsageError('--vendor-id must be a positive integer.');
        return this.auth.issueVendorToken(vendorId);
      }
      case 'seed-demo':
        return JSON.stringify(await this.seedDemo(), null, 2);
      default:
        throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
    }
  }

  private async seedDemo(): Promise<Record<string, unknown>> {
    const suffix = Date.now().toString(36);
    const admin = await this.auth.createAdmin(`admin+${suffix}@demo.example`, 'Demo Admin');
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
      vendorToken: await this.auth.issueVendorToken(vendor.id),
    };
  }
}
