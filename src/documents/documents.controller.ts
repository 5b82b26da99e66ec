import { Body, Get, Param, Put } from '@nestjs/common';
import { ManagerApiController, RequiresScope } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { DocumentsService } from './documents.service';
import { RecordRequiredDocDto } from './dto/record-required-doc.dto';
import { VendorRequiredDocParams } from './dto/required-doc.params';
import { RequiredDocTypeResponse, RequiredDocumentResponse } from './dto/required-document.response';
import { ManagerWrite } from '../write-routes/write-routes';

const TAG = 'Manager: required documents';

@ManagerApiController('required-doc-types', TAG)
export class RequiredDocTypesController {
  constructor(private readonly documents: DocumentsService) {}

  /** The kinds of document every vendor must provide. */
  @Get()
  @ApiEnvelope(RequiredDocTypeResponse, { isArray: true })
  @RequiresScope('profile:read')
  listRequiredDocTypes(): Promise<RequiredDocTypeResponse[]> {
    return this.documents.listTypes();
  }
}

@ManagerApiController('vendors', TAG)
@ApiErrors(400)
@ApiErrors({ status: 404, description: 'Unknown vendor or document kind.', example: 'Vendor 42 was not found.' })
export class VendorRequiredDocsController {
  constructor(private readonly documents: DocumentsService) {}

  /** Every required document kind for the vendor, with its dates and validity (what is missing shows as not valid). */
  @Get(':vendorId/required-docs')
  @ApiEnvelope(RequiredDocumentResponse, { isArray: true })
  @RequiresScope('profile:read')
  async listRequiredDocs(@Param() { vendorId }: VendorIdParams): Promise<RequiredDocumentResponse[]> {
    return (await this.documents.listForVendor(vendorId)).map((document) => RequiredDocumentResponse.from(document));
  }

  /** Records when the vendor's document was received and when it expires. */
  @Put(':vendorId/required-docs/:requiredDocId')
  @ManagerWrite({ type: 'required-doc', id: ':requiredDocId' })
  @ApiEnvelope(RequiredDocumentResponse)
  @RequiresScope('profile:write')
  async recordRequiredDoc(
    @Param() { vendorId, requiredDocId }: VendorRequiredDocParams,
    @Body() body: RecordRequiredDocDto,
  ): Promise<RequiredDocumentResponse> {
    return RequiredDocumentResponse.from(await this.documents.record(vendorId, requiredDocId, body));
  }
}
