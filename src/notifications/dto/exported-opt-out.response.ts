import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { exportedTime } from '../../common/privacy/customer-data-export';
import { INT32_ID } from '../../common/validation/canonical-int.decorator';
import { OPT_OUT_SOURCES, type OptOutRecord, type OptOutSource } from '../notification.types';

/** An opt-out of the person's contact: from one vendor's messages, or from every vendor's texts. */
export class ExportedOptOut {
  /** Null for an opt-out from every vendor's texts (a STOP texted, or the provider's). */
  @ApiInteger(INT32_ID) vendorId: number | null;
  contact: string;
  @ApiProperty({ enum: OPT_OUT_SOURCES, example: 'link' })
  source: OptOutSource;
  createdAt: string;

  static from({ vendorId, contact, source, createdAt }: OptOutRecord): ExportedOptOut {
    return { vendorId, contact, source, createdAt: exportedTime(createdAt) };
  }
}
