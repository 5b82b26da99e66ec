import { Body, Controller, Get, HttpStatus, Param, Query, Res, UseGuards } from '@nestjs/common';
import { Redirection } from '../common/envelope/envelope';
import type { Locale } from '../common/locale/locale';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { Public } from '../auth/decorators/access.decorators';
import { Consumes, FORM_BODY, MULTIPART_BODY } from '../common/http/consumes.decorator';
import { UnlimitedWhenVerified } from '../common/http/verified-callers';
import { LeadConversationsService, leadUnsubscribePath } from '../lead-conversations/lead-conversations.service';
import { ReferralsService } from '../referrals/referrals.service';
import { customerPaths, unknownLink } from '../reputation/reputation-links';
import { CustomerJourneyService } from './customer-journey.service';
import { UnsubscribeLinks } from './linked-vendors';
import { SameOriginFormsGuard } from './same-origin-forms.guard';
import {
  ContactRequestForm,
  EmailInvitationForm,
  FeedbackForm,
  PrivateFeedbackForm,
  ReviewAnswerForm,
  ShareLinkForm,
  TextInvitationForm,
} from './dto/customer-forms.dto';
import { invitationPage, processPage, unsubscribePage } from './views/customer-pages.views';
import { LinkTokenPipe } from './http/link-token.pipe';
import { FormPost, LinkGet, Visitor, backTo, sendPage } from './views/send-page';
import { PageLanguage, type VisitorLanguage } from './views/page-texts';
import { COPY_SCRIPT, COPY_SCRIPT_FILE } from './views/copy-script';
import { STYLESHEET, STYLESHEET_FILE } from './views/stylesheet';

const ASSETS: Record<string, { type: string; body: string }> = {
  [STYLESHEET_FILE]: { type: 'css', body: STYLESHEET },
  [COPY_SCRIPT_FILE]: { type: 'js', body: COPY_SCRIPT },
};

/**
 * The customer's pages behind the link of their message, `/r/{token}`, a referred friend's,
 * `/i/{token}`, and the unsubscribe page of a lead's e-mail, `/l/{token}/unsubscribe`: small server-rendered HTML, no token needed (the link is the secret). Every form
 * posts a form (application/x-www-form-urlencoded), records its answer and redirects back with 303
 * (Post/Redirect/Get): a `@FormPost` handler does the work and returns where to go; an error is a page
 * too (`CustomerPageExceptionFilter`, the application's filter). Not part of the JSON API, so not in its
 * OpenAPI document.
 */
@Controller()
@Public()
@Consumes(FORM_BODY)
@ApiExcludeController()
@UseGuards(SameOriginFormsGuard)
export class CustomerPagesController {
  constructor(
    private readonly journey: CustomerJourneyService,
    private readonly referrals: ReferralsService,
    private readonly leadConversations: LeadConversationsService,
  ) {}

  /** The pages' stylesheet and script: named by their content, so cached for good (CSP `'self'`), never counted. */
  @Get('assets/:file')
  @SkipThrottle()
  asset(@Param('file') file: string, @Res() response: Response): void {
    const asset = ASSETS[file];
    if (!asset) throw unknownLink();
    response
      .status(200)
      .set({ 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' })
      .type(asset.type)
      .send(asset.body);
  }

  @Get('r/:token')
  async process(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Res() response: Response,
  ): Promise<void> {
    const view = await this.journey.processPage(token);
    sendPage(response, 200, processPage(view, PageLanguage.of(visitor, view.locale)));
  }

  @FormPost('r/:token/feedback')
  async feedback(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Body() form: FeedbackForm,
  ): Promise<Redirection> {
    await this.journey.answerFeedback(token, form);
    return backTo(customerPaths.process(token), visitor.picked);
  }

  @FormPost('r/:token/review')
  async review(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Body() form: ReviewAnswerForm,
  ): Promise<Redirection> {
    await this.journey.answerReview(token, form.happy === 'yes');
    return backTo(customerPaths.process(token), visitor.picked);
  }

  @LinkGet('r/:token/go/:platform')
  goToReviewSite(
    @Param('token', LinkTokenPipe) token: string,
    @Param('platform') platform: string,
    @Visitor() visitor: VisitorLanguage,
  ): Promise<Redirection> {
    return this.goTo(token, platform, visitor.picked);
  }

  @LinkGet('r/:token/go/google/:locationId')
  goToGoogleLocation(
    @Param('token', LinkTokenPipe) token: string,
    @Param('locationId') locationId: string,
    @Visitor() visitor: VisitorLanguage,
  ): Promise<Redirection> {
    return this.goTo(token, `google/${locationId}`, visitor.picked);
  }

  @FormPost('r/:token/review/confirm')
  async confirmReview(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
  ): Promise<Redirection> {
    await this.journey.confirmReview(token);
    return backTo(customerPaths.process(token), visitor.picked);
  }

  @FormPost('r/:token/private-feedback')
  async privateFeedback(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Body() form: PrivateFeedbackForm,
  ): Promise<Redirection> {
    await this.journey.givePrivateFeedback(token, form.message);
    return backTo(customerPaths.process(token), visitor.picked);
  }

  @FormPost('r/:token/referrals/email')
  async referByEmail(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Body() form: EmailInvitationForm,
  ): Promise<Redirection> {
    await this.journey.inviteByEmail(token, form);
    return backTo(customerPaths.process(token), visitor.picked);
  }

  @FormPost('r/:token/referrals/text')
  async referByText(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Body() form: TextInvitationForm,
  ): Promise<Redirection> {
    await this.journey.inviteByText(token, form);
    return backTo(customerPaths.process(token), visitor.picked);
  }

  @FormPost('r/:token/referrals/share')
  async share(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Body() form: ShareLinkForm,
  ): Promise<Redirection> {
    await this.journey.share(token, form.referrerName);
    return backTo(customerPaths.process(token), visitor.picked);
  }

  @Get('r/:token/unsubscribe')
  @UnlimitedWhenVerified(UnsubscribeLinks)
  async unsubscribeConfirmation(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Res() response: Response,
  ): Promise<void> {
    const { vendor, locale, optedOut } = await this.journey.processUnsubscribePage(token);
    const lang = PageLanguage.of(visitor, locale);
    sendPage(response, 200, unsubscribePage(customerPaths.processUnsubscribe(token), vendor, optedOut, lang));
  }

  /** The form's button, and mail clients' one-click unsubscribe (RFC 8058: either form type, body ignored). */
  @FormPost('r/:token/unsubscribe')
  @UnlimitedWhenVerified(UnsubscribeLinks)
  @Consumes(FORM_BODY, MULTIPART_BODY)
  async unsubscribe(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
  ): Promise<Redirection> {
    await this.journey.optOut(token);
    return backTo(customerPaths.processUnsubscribe(token), visitor.picked);
  }

  @Get('i/:token')
  async invitation(
    @Param('token', LinkTokenPipe) token: string,
    @Query('sent') sent: string | undefined,
    @Visitor() visitor: VisitorLanguage,
    @Res() response: Response,
  ): Promise<void> {
    const view = await this.referrals.invitationPage(token);
    sendPage(response, 200, invitationPage(view, PageLanguage.of(visitor, view.locale), sent === '1'));
  }

  @FormPost('i/:token')
  async contactRequest(
    @Param('token', LinkTokenPipe) token: string,
    @Body() form: ContactRequestForm,
    @Visitor() visitor: VisitorLanguage,
  ): Promise<Redirection> {
    await this.referrals.convert(token, form, visitor.preferred);
    return backTo(`${customerPaths.invitation(token)}?sent=1`, visitor.picked);
  }

  @Get('i/:token/unsubscribe')
  @UnlimitedWhenVerified(UnsubscribeLinks)
  async invitationUnsubscribeConfirmation(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Res() response: Response,
  ): Promise<void> {
    const view = await this.referrals.invitationPage(token);
    // A share link was never messaged to anyone, so there is nothing to unsubscribe from.
    if (!view.messaged) throw unknownLink();
    const lang = PageLanguage.of(visitor, view.locale);
    sendPage(response, 200, unsubscribePage(customerPaths.invitationUnsubscribe(token), view, view.optedOut, lang));
  }

  @FormPost('i/:token/unsubscribe')
  @UnlimitedWhenVerified(UnsubscribeLinks)
  @Consumes(FORM_BODY, MULTIPART_BODY)
  async invitationUnsubscribe(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
  ): Promise<Redirection> {
    await this.referrals.optOutInvitation(token);
    return backTo(customerPaths.invitationUnsubscribe(token), visitor.picked);
  }

  /**
   * The page of a vendor's message to the customer of a lead (docs/contract.md#lead-conversations): an
   * e-mail's unsubscribe link, and an SMS's shorter identification link (`/l/{token}`), show the same page.
   */
  @Get(['l/:token', 'l/:token/unsubscribe'])
  @UnlimitedWhenVerified(UnsubscribeLinks)
  async leadUnsubscribeConfirmation(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
    @Res() response: Response,
  ): Promise<void> {
    const { vendor, locale, optedOut } = await this.leadConversations.unsubscribePage(token);
    const lang = PageLanguage.of(visitor, locale);
    sendPage(response, 200, unsubscribePage(leadUnsubscribePath(token), vendor, optedOut, lang));
  }

  @FormPost('l/:token/unsubscribe')
  @UnlimitedWhenVerified(UnsubscribeLinks)
  @Consumes(FORM_BODY, MULTIPART_BODY)
  async leadUnsubscribe(
    @Param('token', LinkTokenPipe) token: string,
    @Visitor() visitor: VisitorLanguage,
  ): Promise<Redirection> {
    await this.leadConversations.optOut(token);
    return backTo(leadUnsubscribePath(token), visitor.picked);
  }

  /** To the review site when the click counted (302); back to the page otherwise (303). */
  private async goTo(token: string, target: string, picked: Locale | undefined): Promise<Redirection> {
    const url = await this.journey.followReviewLink(token, target);
    return url ? new Redirection(url, HttpStatus.FOUND) : backTo(customerPaths.process(token), picked);
  }
}
