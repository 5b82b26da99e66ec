import { Get, Query } from '@nestjs/common';
import { ManagerApiController, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import type { VendorAccount } from '../auth/vendor-account';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { EventFeedQuery } from './dto/event-feed.query';
import { EventPageResponse } from './dto/event.response';
import { EventsService } from './events.service';

const badCursor = ApiErrors({
  status: 400,
  description: 'Invalid limit, or `after` is not an event of this account within 30 days.',
});

@VendorApiController('events', 'Events')
export class VendorEventsController {
  constructor(private readonly events: EventsService) {}

  /**
   * The vendor's events of the last 30 days, oldest first: the webhooks' payloads, for catching up.
   * `after` is an id this feed answered: one that names no event of this account within 30 days is a 400.
   */
  @Get()
  @ApiEnvelope(EventPageResponse)
  @badCursor
  @RequiresScope('webhooks:read')
  listEvents(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { after, limit }: EventFeedQuery,
  ): Promise<EventPageResponse> {
    return this.events.feed(vendor.id, after, limit);
  }
}

@ManagerApiController('events', 'Manager: events')
export class ManagerEventsController {
  constructor(private readonly events: EventsService) {}

  /**
   * Every vendor's events of the last 30 days, oldest first. `after` is an id this feed answered: one that
   * names no event within 30 days is a 400.
   */
  @Get()
  @ApiEnvelope(EventPageResponse)
  @badCursor
  @RequiresScope('webhooks:read')
  listEvents(@Query() { after, limit }: EventFeedQuery): Promise<EventPageResponse> {
    return this.events.feed(null, after, limit);
  }
}
