import { Body, Controller, Get, Param, Post, Query, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/decorators/access.decorators';
import { Consumes, FORM_BODY, MULTIPART_BODY } from '../common/http/consumes.decorator';
import { CustomerJourneyService } from './customer-journey.service';
import {
  ContactRequestForm,
  EmailInvitationForm,
  FeedbackForm,
  PrivateFeedbackForm,
  ReviewAnswerForm,
  TextInvitationForm,
} from './dto/customer-forms.dto';
import { CustomerPageExceptionFilter } from './pages/customer-page-exception.filter';
import { invitationPage, processPage, unsubscribePage } from './pages/customer-pages.views';
import { LinkTokenPipe } from './pages/link-token.pipe';
import { redirectTo, sendPage } from './pages/send-page';
import { customerPaths, unknownLink } from './reputation-links';

/**
 * The customer's pages behind the link of their message, `/r/{token}`, and a referred friend's,
 * `/i/{token}`: small server-rendered HTML, no token needed (the link is the secret). Every form
 * posts a form (application/x-www-form-urlencoded), records its answer and redirects back with 303
 * (Post/Redirect/Get). Not part of the JSON API, so not in its OpenAPI document.
 */
@Controller()
@Public()
@Consumes(FORM_BODY)
@ApiExcludeController()
@UseFilters(CustomerPageExceptionFilter)
export class CustomerPagesController {
  constructor(private readonly journey: CustomerJourneyService) {}

  @Get('r/:token')
  async process(@Param('token', LinkTokenPipe) token: string, @Res() response: Response): Promise<void> {
    sendPage(response, 200, processPage(await this.journey.processPage(token)));
  }

  @Post('r/:token/feedback')
  async feedback(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: FeedbackForm,
    @Res() response: Response,
  ): Promise<void> {
    await this.journey.answerFeedback(token, form);
    redirectTo(response, customerPaths.process(token));
  }

  @Post('r/:token/review')
  async review(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: ReviewAnswerForm,
    @Res() response: Response,
  ): Promise<void> {
    await this.journey.answerReview(token, form.happy === 'yes');
    redirectTo(response, customerPaths.process(token));
  }

  @Get('r/:token/go/:platform')
  async goToReviewSite(
    @Param('token', LinkTokenPipe) token: string,
    @Param('platform') platform: string,
    @Res() response: Response,
  ): Promise<void> {
    await this.goTo(token, platform, response);
  }

  @Get('r/:token/go/google/:locationId')
  async goToGoogleLocation(
    @Param('token', LinkTokenPipe) token: string,
    @Param('locationId') locationId: string,
    @Res() response: Response,
  ): Promise<void> {
    await this.goTo(token, `google/${locationId}`, response);
  }

  @Post('r/:token/review/confirm')
  async confirmReview(@Param('token', LinkTokenPipe) token: string, @Res() response: Response): Promise<void> {
    await this.journey.confirmReview(token);
    redirectTo(response, customerPaths.process(token));
  }

  @Post('r/:token/private-feedback')
  async privateFeedback(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: PrivateFeedbackForm,
    @Res() response: Response,
  ): Promise<void> {
    await this.journey.givePrivateFeedback(token, form.message);
    redirectTo(response, customerPaths.process(token));
  }

  @Post('r/:token/referrals/email')
  async referByEmail(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: EmailInvitationForm,
    @Res() response: Response,
  ): Promise<void> {
    await this.journey.inviteByEmail(token, form);
    redirectTo(response, customerPaths.process(token));
  }

  @Post('r/:token/referrals/text')
  async referByText(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: TextInvitationForm,
    @Res() response: Response,
  ): Promise<void> {
    await this.journey.inviteByText(token, form);
    redirectTo(response, customerPaths.process(token));
  }

  @Post('r/:token/referrals/share')
  async share(@Param('token', LinkTokenPipe) token: string, @Res() response: Response): Promise<void> {
    await this.journey.share(token);
    redirectTo(response, customerPaths.process(token));
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
  @Post('r/:token/unsubscribe')
  @Consumes(FORM_BODY, MULTIPART_BODY)
  async unsubscribe(@Param('token', LinkTokenPipe) token: string, @Res() response: Response): Promise<void> {
    await this.journey.optOut(token);
    redirectTo(response, customerPaths.processUnsubscribe(token));
  }

  @Get('i/:token')
  async invitation(
    @Param('token', LinkTokenPipe) token: string,
    @Query('sent') sent: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    sendPage(response, 200, invitationPage(await this.journey.invitationPage(token), sent === '1'));
  }

  @Post('i/:token')
  async contactRequest(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: ContactRequestForm,
    @Res() response: Response,
  ): Promise<void> {
    await this.journey.convert(token, form);
    redirectTo(response, `${customerPaths.invitation(token)}?sent=1`);
  }

  @Get('i/:token/unsubscribe')
  async invitationUnsubscribeConfirmation(
    @Param('token', LinkTokenPipe) token: string,
    @Res() response: Response,
  ): Promise<void> {
    const view = await this.journey.invitationPage(token);
    // A share link was never messaged to anyone, so there is nothing to unsubscribe from.
    if (!view.messaged) throw unknownLink();
    sendPage(
      response,
      200,
      unsubscribePage(customerPaths.invitationUnsubscribe(token), view.vendorName, view.optedOut),
    );
  }

  @Post('i/:token/unsubscribe')
  @Consumes(FORM_BODY, MULTIPART_BODY)
  async invitationUnsubscribe(@Param('token', LinkTokenPipe) token: string, @Res() response: Response): Promise<void> {
    await this.journey.optOutInvitation(token);
    redirectTo(response, customerPaths.invitationUnsubscribe(token));
  }

  private async goTo(token: string, target: string, response: Response): Promise<void> {
    const url = await this.journey.followReviewLink(token, target);
    if (url) redirectTo(response, url, 302);
    else redirectTo(response, customerPaths.process(token));
  }
}
