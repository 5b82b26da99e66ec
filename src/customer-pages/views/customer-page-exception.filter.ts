import { ArgumentsHost, Catch, HttpStatus, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AllExceptionsFilter } from '../../common/envelope/all-exceptions.filter';
import { DomainError, ErrorCode, type FieldError } from '../../common/errors/domain-error';
import { ReferralsService } from '../../referrals/referrals.service';
import { CustomerJourneyService } from '../customer-journey.service';
import { invitationPage, errorPage, processPage } from './customer-pages.views';
import { FORM_ERROR, type FormState } from './form-fields';
import { sendPage } from './send-page';

/** A form of a customer's page (`/r/{token}/{action}`) or a friend's (`/i/{token}`), as posted. */
const FORM_POST = /^\/([ri])\/([A-Za-z0-9_-]{24})(\/[a-z/-]+)?$/;

/** What the customer typed, as the form sent it (text fields only). */
function valuesOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The first message per field; a rule on several fields ("email or phone") is shown at the first. */
function errorsOf(details: FieldError[] | undefined, message: string): Record<string, string> {
  if (!details?.length) return { [FORM_ERROR]: message };
  const errors: Record<string, string> = {};
  for (const { field, message: text } of details) errors[field.split(' or ')[0]] ??= text;
  return errors;
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
    const fallback = () => {
      const messages = body.details?.length ? body.details.map((d) => d.message) : [body.error];
      // Back to the page the form was on: /r/{token} or /i/{token}.
      const back = /^\/[ri]\/[A-Za-z0-9_-]{24}/.exec(request.path)?.[0] ?? null;
      sendPage(response, status, errorPage(status, messages, back));
    };
    if (!form) return fallback();
    const [, kind, token, action = ''] = form;
    const state: FormState = { action, values: valuesOf(request.body), errors: errorsOf(body.details, body.error) };
    this.formPage(kind, token, state).then(
      (page) => sendPage(response, status, page),
      () => fallback(),
    );
  }

  private async formPage(kind: string, token: string, state: FormState): Promise<string> {
    if (kind === 'i') return invitationPage(await this.referrals.invitationPage(token), false, state);
    return processPage(await this.journey.processPage(token), state);
  }
}
