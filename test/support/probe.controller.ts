import { Get } from '@nestjs/common';
import { RequireFeature, RequiresScope, VendorApiController } from '../../src/auth/decorators/access.decorators';
import { CurrentVendor } from '../../src/auth/decorators/principal.decorators';
import type { Vendor } from '../../src/vendors/entities/vendor.entity';

/** Test-only vendor API routes that exercise the guards and the filter on their own. */
@VendorApiController('probe', 'probe')
export class ProbeController {
  @Get()
  @RequiresScope('profile:read')
  whoAmI(@CurrentVendor() vendor: Vendor): { vendorId: number } {
    return { vendorId: vendor.id };
  }

  @Get('rms')
  @RequireFeature('enableFullRMS')
  @RequiresScope('profile:read')
  rms(): { ok: true } {
    return { ok: true };
  }

  @Get('crash')
  @RequiresScope('profile:read')
  crash(): never {
    throw new Error('boom at /srv/app/secret.ts: SELECT * FROM vendors');
  }
}
