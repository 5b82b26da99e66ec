import { ArgumentsHost, Catch, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AllExceptionsFilter } from '../../common/envelope/all-exceptions.filter';
import { DomainError, ErrorCode, type FieldError } from '../../common/errors/domain-error';
import { LOCALES, type Locale, isLocale } from '../../common/locale/locale';
import { type NotificationsConfig, notificationsConfig } from '../../config/notifications.config';
import { ReferralsService } from '../../referrals/referrals.service';
import { CustomerJourneyService } from '../customer-journey.service';
import { invitationPage, errorPage, processPage } from '../views/customer-pages.views';
import { FORM_ERROR, type FormState } from '../views/form-fields';
import { PageLanguage, pickedLanguage } from '../views/page-texts';
import { sendPage } from '../views/send-page';

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

/**
 * A page with no journey behind it (an unknown or erased link) follows the browser's Accept-Language
 * (fr, fr-CA, fr-FR… is French); nothing we serve, or no header, is English.
 */
function browserLanguage(request: Request): Locale {
  const accepted = request.acceptsLanguages(...LOCALES);
  return isLocale(accepted) ? accepted : 'en';
}

/**
 * The customer pages answer errors with a page, not the JSON envelope: the same status and sentence
 * the API would give (AllExceptionsFilter decides both, and logs the unexpected), shown in HTML. A
 * refused form (400) is shown again, on its page, with what was typed and each error next to its field;
 * a share link's contact request over its daily limit (429) shows the friend's page, which then says so.
 */
@Catch()
@Injectable()
export class CustomerPageExceptionFilter extends AllExceptionsFilter {
  constructor(
    private readonly journey: CustomerJourneyService,
    private readonly referrals: ReferralsService,
    @Inject(notificationsConfig.KEY) private readonly notifications: NotificationsConfig,
  ) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const { status, body } = this.toReply(exception);
    if (response.headersSent) {
      response.end();
      return;
    }
    const shownOnItsPage =
      status === (HttpStatus.BAD_REQUEST as number) ||
      (exception instanceof DomainError && exception.code === ErrorCode.LimitReached);
    const form = request.method === 'POST' && shownOnItsPage && FORM_POST.exec(request.path);
    const picked = pickedLanguage(request.query.lang);
    const fallback = () => {
      const lang = PageLanguage.of(picked, browserLanguage(request));
      const messages = (body.details?.length ? body.details.map((d) => d.message) : [body.error]).map((m) =>
        lang.say(m),
      );
      // Back to the page a refused form was on (/r/{token} or /i/{token}); a link that leads nowhere
      // (unknown, ended) has no page to go back to.
      const formPage = request.method === 'POST' && status !== 404 && status !== 410;
      const back = (formPage && /^\/[ri]\/[A-Za-z0-9_-]{24}/.exec(request.path)?.[0]) || null;
      const samePage = request.method === 'GET' ? request.path : null;
      const { operatorName, operatorContact: contact } = this.notifications;
      sendPage(response, status, errorPage({ status, messages, back, samePage, contact, operatorName }, lang));
    };
    if (!form) return fallback();
    const [, kind, token, action = ''] = form;
    const refused = { action, values: valuesOf(request.body), details: body.details, message: body.error };
    this.formPage(kind, token, refused, picked).then(
      (page) => sendPage(response, status, page),
      () => fallback(),
    );
  }

  /** The page of the refused form, in its language, with what was typed and what to fix. */
  private async formPage(
    kind: string,
    token: string,
    refused: RefusedForm,
    picked: Locale | undefined,
  ): Promise<string> {
    const stateIn = (lang: PageLanguage): FormState => ({
      action: refused.action,
      values: refused.values,
      errors: errorsOf(refused.details, refused.message, lang),
    });
    if (kind === 'i') {
      const view = await this.referrals.invitationPage(token);
      const lang = PageLanguage.of(picked, view.locale);
      return invitationPage(view, lang, false, stateIn(lang));
    }
    const view = await this.journey.processPage(token);
    const lang = PageLanguage.of(picked, view.locale);
    return processPage(view, lang, stateIn(lang));
  }
}
