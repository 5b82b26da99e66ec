import { Body, Controller, Get, HttpStatus, Param, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { Redirection } from '../common/envelope/envelope';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/decorators/access.decorators';
import { Consumes, FORM_BODY, MULTIPART_BODY } from '../common/http/consumes.decorator';
import { ReferralsService } from '../referrals/referrals.service';
import { customerPaths, unknownLink } from '../reputation/reputation-links';
import { CustomerJourneyService } from './customer-journey.service';
import { SameOriginFormsGuard } from './same-origin-forms.guard';
import {
  ContactRequestForm,
  EmailInvitationForm,
  FeedbackForm,
  PrivateFeedbackForm,
  ReviewAnswerForm,
  TextInvitationForm,
} from './dto/customer-forms.dto';
import { CustomerPageExceptionFilter } from './views/customer-page-exception.filter';
import { invitationPage, processPage, unsubscribePage } from './views/customer-pages.views';
import { LinkTokenPipe } from './views/link-token.pipe';
import { STYLESHEET, STYLESHEET_FILE } from './views/stylesheet';
import { FormPost, LinkGet, sendPage } from './views/send-page';

/**
 * The customer's pages behind the link of their message, `/r/{token}`, and a referred friend's,
 * `/i/{token}`: small server-rendered HTML, no token needed (the link is the secret). Every form
 * posts a form (application/x-www-form-urlencoded), records its answer and redirects back with 303
 * (Post/Redirect/Get): a `@FormPost` handler does the work and returns where to go. Not part of the
 * JSON API, so not in its OpenAPI document.
 */
@Controller()
@Public()
@Consumes(FORM_BODY)
@ApiExcludeController()
@UseFilters(CustomerPageExceptionFilter)
@UseGuards(SameOriginFormsGuard)
export class CustomerPagesController {
  constructor(
    private readonly journey: CustomerJourneyService,
    private readonly referrals: ReferralsService,
  ) {}

  /** The pages' stylesheet: named by its content, so cached for good (CSP `style-src 'self'`). */
  @Get('assets/:file')
  stylesheet(@Param('file') file: string, @Res() response: Response): void {
    if (file !== STYLESHEET_FILE) throw unknownLink();
    response
      .status(200)
      .set({ 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' })
      .type('css')
      .send(STYLESHEET);
  }

  @Get('r/:token')
  async process(@Param('token', LinkTokenPipe) token: string, @Res() response: Response): Promise<void> {
    sendPage(response, 200, processPage(await this.journey.processPage(token)));
  }

  @FormPost('r/:token/feedback')
  async feedback(@Param('token', LinkTokenPipe) token: string, @Body() form: FeedbackForm): Promise<Redirection> {
    await this.journey.answerFeedback(token, form);
    return new Redirection(customerPaths.process(token));
  }

  @FormPost('r/:token/review')
  async review(@Param('token', LinkTokenPipe) token: string, @Body() form: ReviewAnswerForm): Promise<Redirection> {
    await this.journey.answerReview(token, form.happy === 'yes');
    return new Redirection(customerPaths.process(token));
  }

  @LinkGet('r/:token/go/:platform')
  goToReviewSite(
    @Param('token', LinkTokenPipe) token: string,
    @Param('platform') platform: string,
  ): Promise<Redirection> {
    return this.goTo(token, platform);
  }

  @LinkGet('r/:token/go/google/:locationId')
  goToGoogleLocation(
    @Param('token', LinkTokenPipe) token: string,
    @Param('locationId') locationId: string,
  ): Promise<Redirection> {
    return this.goTo(token, `google/${locationId}`);
  }

  @FormPost('r/:token/review/confirm')
  async confirmReview(@Param('token', LinkTokenPipe) token: string): Promise<Redirection> {
    await this.journey.confirmReview(token);
    return new Redirection(customerPaths.process(token));
  }

  @FormPost('r/:token/private-feedback')
  async privateFeedback(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: PrivateFeedbackForm,
  ): Promise<Redirection> {
    await this.journey.givePrivateFeedback(token, form.message);
    return new Redirection(customerPaths.process(token));
  }

  @FormPost('r/:token/referrals/email')
  async referByEmail(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: EmailInvitationForm,
  ): Promise<Redirection> {
    await this.journey.inviteByEmail(token, form);
    return new Redirection(customerPaths.process(token));
  }

  @FormPost('r/:token/referrals/text')
  async referByText(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: TextInvitationForm,
  ): Promise<Redirection> {
    await this.journey.inviteByText(token, form);
    return new Redirection(customerPaths.process(token));
  }

  @FormPost('r/:token/referrals/share')
  async share(@Param('token', LinkTokenPipe) token: string): Promise<Redirection> {
    await this.journey.share(token);
    return new Redirection(customerPaths.process(token));
  }

  @Get('r/:token/unsubscribe')
  async unsubscribeConfirmation(
    @Param('token', LinkTokenPipe) token: string,
    @Res() response: Response,
  ): Promise<void> {
    const { vendorName, optedOut } = await this.journey.processUnsubscribePage(token);
    sendPage(response, 200, unsubscribePage(customerPaths.processUnsubscribe(token), vendorName, optedOut));
  }

  /** The form's button, and mail clients' one-click unsubscribe (RFC 8058: either form type, body ignored). */
  @FormPost('r/:token/unsubscribe')
  @Consumes(FORM_BODY, MULTIPART_BODY)
  async unsubscribe(@Param('token', LinkTokenPipe) token: string): Promise<Redirection> {
    await this.journey.optOut(token);
    return new Redirection(customerPaths.processUnsubscribe(token));
  }

  @Get('i/:token')
  async invitation(
    @Param('token', LinkTokenPipe) token: string,
    @Query('sent') sent: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    sendPage(response, 200, invitationPage(await this.referrals.invitationPage(token), sent === '1'));
  }

  @FormPost('i/:token')
  async contactRequest(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: ContactRequestForm,
  ): Promise<Redirection> {
    await this.referrals.convert(token, form);
    return new Redirection(`${customerPaths.invitation(token)}?sent=1`);
  }

  @Get('i/:token/unsubscribe')
  async invitationUnsubscribeConfirmation(
    @Param('token', LinkTokenPipe) token: string,
    @Res() response: Response,
  ): Promise<void> {
    const view = await this.referrals.invitationPage(token);
    // A share link was never messaged to anyone, so there is nothing to unsubscribe from.
    if (!view.messaged) throw unknownLink();
    sendPage(
      response,
      200,
      unsubscribePage(customerPaths.invitationUnsubscribe(token), view.vendorName, view.optedOut),
    );
  }

  @FormPost('i/:token/unsubscribe')
  @Consumes(FORM_BODY, MULTIPART_BODY)
  async invitationUnsubscribe(@Param('token', LinkTokenPipe) token: string): Promise<Redirection> {
    await this.referrals.optOutInvitation(token);
    return new Redirection(customerPaths.invitationUnsubscribe(token));
  }

  /** To the review site when the click counted (302); back to the page otherwise (303). */
  private async goTo(token: string, target: string): Promise<Redirection> {
    const url = await this.journey.followReviewLink(token, target);
    return url ? new Redirection(url, HttpStatus.FOUND) : new Redirection(customerPaths.process(token));
  }
}
