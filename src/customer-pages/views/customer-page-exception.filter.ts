import { ArgumentsHost, Catch } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AllExceptionsFilter } from '../../common/envelope/all-exceptions.filter';
import { sendPage } from './send-page';
import { errorPage } from './customer-pages.views';

/**
 * The customer pages answer errors with a page, not the JSON envelope: the same status and sentence
 * the API would give (AllExceptionsFilter decides both, and logs the unexpected), shown in HTML.
 */
@Catch()
export class CustomerPageExceptionFilter extends AllExceptionsFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const { status, body } = this.toReply(exception);
    if (response.headersSent) {
      response.end();
      return;
    }
    const messages = body.details?.length ? body.details.map((d) => d.message) : [body.error];
    // Back to the page the form was on: /r/{token} or /i/{token}.
    const back = /^\/[ri]\/[A-Za-z0-9_-]{24}/.exec(http.getRequest<Request>().path)?.[0] ?? null;
    sendPage(response, status, errorPage(status, messages, back));
  }
}
