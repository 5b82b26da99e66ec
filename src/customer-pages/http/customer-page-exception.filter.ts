import { ArgumentsHost, Catch, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AllExceptionsFilter } from '../../common/envelope/all-exceptions.filter';
import { DomainError, ErrorCode, type FieldError } from '../../common/errors/domain-error';
import type { ErrorEnvelope } from '../../common/envelope/envelope';
import type { Locale } from '../../common/locale/locale';
import { type NotificationsConfig, notificationsConfig } from '../../config/notifications.config';
import { ReferralsService } from '../../referrals/referrals.service';
import { CustomerJourneyService } from '../customer-journey.service';
import { LinkedVendors } from '../linked-vendors';
import { invitationPage, errorPage, processPage } from '../views/customer-pages.views';
import { FORM_ERROR, type FormState } from '../views/form-fields';
import { customerPaths } from '../../reputation/reputation-links';
import { CUSTOMER_PAGE_PATHS } from '../customer-page-paths';
import { PageLanguage, type VisitorLanguage } from '../views/page-texts';
import { sendPage, visitorLanguage } from '../views/send-page';

/** A form of a customer's page (`/r/{token}/{action}`) or a friend's (`/i/{token}`), as posted. */
const FORM_POST = /^\/([ri])\/([A-Za-z0-9_-]{24})(\/[a-z/-]+)?$/;

/** A refused form: which one, what was typed, and the checks' messages (catalogue keys for the customer's). */
interface RefusedForm {
  action: string;
  values: Record<string, string>;
  details: FieldError[] | undefined;
  message: string;
}

/** What the customer typed, as the form sent it (text fields only). */
function valuesOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The first message per field, in the page's language; a rule on several fields ("email or phone") is
 * shown at the first.
 */
function errorsOf(details: FieldError[] | undefined, message: string, lang: PageLanguage): Record<string, string> {
  if (!details?.length) return { [FORM_ERROR]: lang.say(message) };
  const errors: Record<string, string> = {};
  for (const { field, message: text } of details) errors[field.split(' or ')[0]] ??= lang.say(text);
  return errors;
}

/** The journey a path under `/r/{token}` or `/i/{token}` belongs to: its kind and token. */
const JOURNEY_LINK = /^\/([ri])\/([A-Za-z0-9_-]{24})(?:\/|$)/i;

/**
 * The customer pages answer errors with a page, not the JSON envelope: the same status and sentence
 * the API would give (AllExceptionsFilter decides both, and logs the unexpected), shown in HTML in the
 * visitor's language. It is the application's filter: under the customer pages' paths it answers
 * everything, a path no route takes and a method a path does not take (`/r/`, a form's address opened
 * as a link) included; elsewhere it answers as AllExceptionsFilter does. A refused form (400) is shown
 * again, on its page, with what was typed and each error next to its field; a share link's contact
 * request over its daily limit (429) shows the friend's page, which then says so.
 */
@Catch()
@Injectable()
export class CustomerPageExceptionFilter extends AllExceptionsFilter {
  constructor(
    private readonly journey: CustomerJourneyService,
    private readonly referrals: ReferralsService,
    private readonly linked: LinkedVendors,
    @Inject(notificationsConfig.KEY) private readonly notifications: NotificationsConfig,
  ) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    if (!CUSTOMER_PAGE_PATHS.test(request.path)) return super.catch(exception, host);
    const { status, body } = this.replyFor(exception, request, response);
    if (response.headersSent) {
      response.end();
      return;
    }
    const shownOnItsPage =
      status === (HttpStatus.BAD_REQUEST as number) ||
      (exception instanceof DomainError && exception.code === ErrorCode.LimitReached);
    const form = request.method === 'POST' && shownOnItsPage && FORM_POST.exec(request.path);
    const visitor = visitorLanguage(request);
    const send = (page: string) => sendPage(response, status, page);
    const fallback = () => this.errorPage(request, status, body, visitor).then(send);
    if (!form) {
      void fallback();
      return;
    }
    const [, kind, token, action = ''] = form;
    const refused = { action, values: valuesOf(request.body), details: body.details, message: body.error };
    this.formPage(kind, token, refused, visitor).then(send, fallback);
  }

  /**
   * The page for an error no form shows next to a field, in the visitor's language, else the journey's
   * (the link's), else English; it leads to the journey's page when the link has one. A request failing
   * on our side (5xx) is answered without reading the link again; one refused for its rate (429) reads
   * only whose link it is, so the page still names the vendor.
   */
  private async errorPage(
    request: Request,
    status: number,
    body: ErrorEnvelope,
    visitor: VisitorLanguage,
  ): Promise<string> {
    const limited = status === (HttpStatus.TOO_MANY_REQUESTS as number);
    const linked = limited ? await this.linked.of(request.path).catch(() => null) : null;
    const journey = !limited && status < 500 ? await this.journeyOf(request.path) : null;
    const lang = PageLanguage.of(visitor, journey?.locale ?? linked?.locale ?? 'en');
    const messages = (body.details?.length ? body.details.map((d) => d.message) : [body.error]).map((m) => lang.say(m));
    const back = journey && {
      path: journey.path,
      text: request.method === 'POST' ? ('goBack' as const) : ('openPage' as const),
    };
    const samePage = request.method === 'GET' ? request.path : null;
    const { operatorName, operatorContact: contact } = this.notifications;
    const vendor = linked?.vendor ?? null;
    return errorPage({ status, messages, back, samePage, contact, operatorName, vendor }, lang);
  }

  /** The page a path under a customer's or a friend's link belongs to, and its language; null for no live link. */
  private async journeyOf(path: string): Promise<{ path: string; locale: Locale } | null> {
    const link = JOURNEY_LINK.exec(path);
    if (!link) return null;
    const [, kind, token] = link;
    try {
      return kind.toLowerCase() === 'i'
        ? { path: customerPaths.invitation(token), locale: (await this.referrals.invitationPage(token)).locale }
        : { path: customerPaths.process(token), locale: (await this.journey.processPage(token)).locale };
    } catch {
      // An unknown, erased or unreachable link: there is no page to lead to.
      return null;
    }
  }

  /** The page of the refused form, in its language, with what was typed and what to fix. */
  private async formPage(kind: string, token: string, refused: RefusedForm, visitor: VisitorLanguage): Promise<string> {
    const stateIn = (lang: PageLanguage): FormState => ({
      action: refused.action,
      values: refused.values,
      errors: errorsOf(refused.details, refused.message, lang),
    });
    if (kind === 'i') {
      const view = await this.referrals.invitationPage(token);
      const lang = PageLanguage.of(visitor, view.locale);
      return invitationPage(view, lang, false, stateIn(lang));
    }
    const view = await this.journey.processPage(token);
    const lang = PageLanguage.of(visitor, view.locale);
    return processPage(view, lang, stateIn(lang));
  }
}
