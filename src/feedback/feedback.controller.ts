import { Body, Get, Query } from '@nestjs/common';
import { RequireFeature, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiContactQuery } from '../common/openapi/contact-query.decorator';
import { type WithMessage } from '../common/envelope/envelope';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { type Page, pageOf } from '../common/pagination/page';
import { PageQuery } from '../common/pagination/page.query';
import { CreateRequestRoute, createdAnswer, duplicateSkippedAnswer } from '../reputation/request-answers';
import { SkipDuplicatesQuery } from '../review-requests/dto/skip-duplicates.query';
import type { VendorAccount } from '../auth/vendor-account';
import { CheckDuplicatesQuery } from './dto/check-duplicates.query';
import { CreateFeedbackRequestDto } from './dto/create-feedback-request.dto';
import { FeedbackRequestResponse } from './dto/feedback-request.response';
import { FeedbackService } from './feedback.service';

const badRequest = ApiErrors(400);

@VendorApiController('customer-feedback-system', 'Reputation')
@RequireFeature('enableStandaloneFeedbackBooster')
export class CustomerFeedbackSystemController {
  constructor(private readonly feedback: FeedbackService) {}

  /** Creates a feedback request and sends the customer their link by email and/or SMS. */
  @CreateRequestRoute(FeedbackRequestResponse)
  @RequiresScope('reputation:write')
  async createFeedbackRequest(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { skipDuplicates = false }: SkipDuplicatesQuery,
    @Body() body: CreateFeedbackRequestDto,
  ): Promise<WithMessage<FeedbackRequestResponse> | WithMessage> {
    const created = await this.feedback.create(vendor, body, skipDuplicates);
    if (!created) return duplicateSkippedAnswer('feedback request');
    const { request, process, queued, messages } = created;
    return createdAnswer('feedback request', queued, FeedbackRequestResponse.from(request, process, messages));
  }

  /** The vendor's feedback requests, newest first, each with its answer, process state and deliveries. */
  @Get()
  @ApiEnvelope(FeedbackRequestResponse, { page: 'lead' })
  @badRequest
  @RequiresScope('reputation:read')
  async listFeedbackRequests(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { page, size }: PageQuery,
  ): Promise<Page<FeedbackRequestResponse>> {
    const { rows, total } = await this.feedback.list(vendor.id, { page, size });
    const content = rows.map((row) => FeedbackRequestResponse.from(row, row.process, row.messages));
    return pageOf(content, { page, size }, total);
  }
}

@VendorApiController('feedback-requests', 'Reputation')
export class FeedbackRequestsController {
  constructor(private readonly feedback: FeedbackService) {}

  /**
   * True when the vendor has a feedback request with this email (any case) or phone (normalized). Send
   * email, phone or both: at least one of them is required (400 without either).
   */
  @Get('check-duplicates')
  @ApiContactQuery(CheckDuplicatesQuery)
  @ApiEnvelope('boolean')
  @badRequest
  @RequiresScope('reputation:read')
  checkFeedbackDuplicates(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { email, phone }: CheckDuplicatesQuery,
  ): Promise<boolean> {
    return this.feedback.exists(vendor.id, email, phone);
  }
}
