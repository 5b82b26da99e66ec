import { PartialType } from '@nestjs/swagger';
import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { CreateVendorDto } from './create-vendor.dto';

/** Any of a vendor's details; an empty change is refused (and the document says so, as `anyOf`). */
@AtLeastOneOf('vendorName', 'email', 'cityName', 'provinceName', 'packageType', 'activated')
export class UpdateVendorDto extends PartialType(CreateVendorDto, { skipNullProperties: false }) {}
