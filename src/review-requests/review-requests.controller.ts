import { Body, Query } from '@nestjs/common';
import { RequireFeature, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import type { WithMessage } from '../common/envelope/envelope';
import { CreateRequestRoute, createdAnswer, duplicateSkippedAnswer } from '../reputation/request-answers';
import type { VendorAccount } from '../auth/vendor-account';
import { CreateReviewRequestDto } from './dto/create-review-request.dto';
import { ReviewRequestResponse } from './dto/review-request.response';
import { SkipDuplicatesQuery } from './dto/skip-duplicates.query';
import { ReviewRequestsService } from './review-requests.service';

@VendorApiController('review-requests', 'Reputation')
export class ReviewRequestsController {
  constructor(private readonly requests: ReviewRequestsService) {}

  /**
   * Creates a review request and sends the customer their link by email and/or SMS (one transaction
   * with the messages' outbox rows).
   */
  @CreateRequestRoute(ReviewRequestResponse)
  @RequireFeature('enableStandaloneReviewBooster')
  @RequiresScope('reputation:write')
  async createReviewRequest(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { skipDuplicates = false }: SkipDuplicatesQuery,
    @Body() { firstName, lastName, emailTo, phone, locale, consent }: CreateReviewRequestDto,
  ): Promise<WithMessage<ReviewRequestResponse> | WithMessage> {
    const input = { firstName, lastName, email: emailTo, phone, locale, consent };
    const created = await this.requests.create(vendor, input, skipDuplicates);
    if (!created) return duplicateSkippedAnswer('review request');
    const { request, process, queued, messages } = created;
    return createdAnswer('review request', queued, ReviewRequestResponse.from(request, process.state, messages));
  }
}
