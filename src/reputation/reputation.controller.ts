import { Body, Get, HttpCode, HttpStatus, Param, Post, Query, Res, Type, applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequireFeature, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import type { Page } from '../common/pagination/page';
import { PageQuery } from '../common/pagination/page.query';
import { ErrorEnvelopeDto, WithMessage } from '../common/envelope/envelope';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { CheckDuplicatesQuery } from './dto/check-duplicates.query';
import { CreateFeedbackRequestDto } from './dto/create-feedback-request.dto';
import { CreateReviewRequestDto } from './dto/create-review-request.dto';
import { FeedbackRequestResponse } from './dto/feedback-request.response';
import { KpiQuery } from './dto/kpi.query';
import { ProcessIdParams } from './dto/process-id.params';
import { ReputationKpiResponse } from './dto/reputation-kpi.response';
import { ReputationProcessResponse } from './dto/reputation-process.response';
import { ReviewRequestResponse } from './dto/review-request.response';
import { SkipDuplicatesQuery } from './dto/skip-duplicates.query';
import { ReputationKpiService } from './reputation-kpi.service';
import { CreateOutcome, ReputationRequestsService } from './reputation-requests.service';

const badRequest = ApiBadRequestResponse({ description: 'Invalid input.', type: ErrorEnvelopeDto });

/** The create route of a request kind: 201 with the stored request, or 200 when a duplicate was skipped. */
function CreateRequestRoute(model: Type<unknown>): MethodDecorator {
  return applyDecorators(
    Post(),
    HttpCode(HttpStatus.CREATED),
    ApiEnvelope(model, { status: 201, withMessage: true, description: 'Created and being sent.' }),
    ApiEnvelope(null, { status: 200, description: 'A duplicate was detected and skipped (skipDuplicates=true).' }),
    badRequest,
    ApiConflictResponse({
      description: "Every contact given opted out of the vendor's messages; nothing was created.",
      type: ErrorEnvelopeDto,
    }),
  );
}

/** 201 with the stored request, or 200 with only a message when a duplicate was skipped. */
function answer<T>(outcome: CreateOutcome<T>, response: Response): WithMessage<T> | WithMessage {
  if (!outcome.created) response.status(HttpStatus.OK);
  return outcome.result;
}

@VendorApiController('review-requests', 'Reputation')
export class ReviewRequestsController {
  constructor(private readonly requests: ReputationRequestsService) {}

  /**
   * Creates a review request and sends the customer their link by email and/or SMS (one transaction
   * with the messages' outbox rows).
   */
  @CreateRequestRoute(ReviewRequestResponse)
  @RequireFeature('enableStandaloneReviewBooster')
  async create(
    @CurrentVendor() vendor: Vendor,
    @Query() { skipDuplicates = false }: SkipDuplicatesQuery,
    @Body() body: CreateReviewRequestDto,
    @Res({ passthrough: true }) response: Response,
  ) {
    return answer(await this.requests.createReviewRequest(vendor, body, skipDuplicates), response);
  }
}

@VendorApiController('customer-feedback-system', 'Reputation')
@RequireFeature('enableStandaloneFeedbackBooster')
export class CustomerFeedbackSystemController {
  constructor(private readonly requests: ReputationRequestsService) {}

  /** Creates a feedback request and sends the customer their link by email and/or SMS. */
  @CreateRequestRoute(FeedbackRequestResponse)
  async create(
    @CurrentVendor() vendor: Vendor,
    @Query() { skipDuplicates = false }: SkipDuplicatesQuery,
    @Body() body: CreateFeedbackRequestDto,
    @Res({ passthrough: true }) response: Response,
  ) {
    return answer(await this.requests.createFeedbackRequest(vendor, body, skipDuplicates), response);
  }

  /** The vendor's feedback requests, newest first, each with its answer, process state and deliveries. */
  @Get()
  @ApiEnvelope(FeedbackRequestResponse, { page: 'lead' })
  @badRequest
  list(@CurrentVendor() vendor: Vendor, @Query() { page, size }: PageQuery): Promise<Page<FeedbackRequestResponse>> {
    return this.requests.listFeedbackRequests(vendor.id, { page, size });
  }
}

@VendorApiController('feedback-requests', 'Reputation')
export class FeedbackRequestsController {
  constructor(private readonly requests: ReputationRequestsService) {}

  /** True when the vendor has a feedback request with this email (any case) or phone (normalized). */
  @Get('check-duplicates')
  @ApiEnvelope('boolean')
  @badRequest
  checkDuplicates(@CurrentVendor() vendor: Vendor, @Query() { email, phone }: CheckDuplicatesQuery): Promise<boolean> {
    return this.requests.feedbackRequestExists(vendor.id, email, phone);
  }
}

@VendorApiController('reputation-process', 'Reputation')
export class ReputationProcessController {
  constructor(
    private readonly requests: ReputationRequestsService,
    private readonly kpis: ReputationKpiService,
  ) {}

  /** The vendor's reputation KPIs, optionally only for events between from and to (inclusive, UTC). */
  @Get('kpi')
  @RequireFeature('enableFullRMS')
  @ApiEnvelope(ReputationKpiResponse)
  @badRequest
  kpi(@CurrentVendor() vendor: Vendor, @Query() { from, to }: KpiQuery): Promise<ReputationKpiResponse> {
    return this.kpis.forVendor(vendor.id, from, to);
  }

  /**
   * Cancels a process in progress (beyond the spec): it becomes terminated, its customer page says the
   * request was withdrawn and no further message is sent for it.
   */
  @Post(':processId/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(ReputationProcessResponse)
  @badRequest
  @ApiNotFoundResponse({ description: 'No such process of this vendor.', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'The process is already completed or terminated.', type: ErrorEnvelopeDto })
  cancel(@CurrentVendor() vendor: Vendor, @Param() { processId }: ProcessIdParams): Promise<ReputationProcessResponse> {
    return this.requests.cancelProcess(vendor.id, processId);
  }
}
