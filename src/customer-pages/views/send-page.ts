import {
  type ExecutionContext,
  Get,
  Header,
  Post,
  Redirect,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { Redirection } from '../../common/envelope/envelope';
import type { Locale } from '../../common/locale/locale';
import { PAGE_SECURITY_HEADERS } from './layout';
import { pickedLanguage, withLanguage } from './page-texts';
import { PublicWrite } from '../../write-routes/write-routes';

export function sendPage(response: Response, status: number, page: string): void {
  response.status(status).set(PAGE_SECURITY_HEADERS).type('html').send(page);
}

const pageHeaders = Object.entries(PAGE_SECURITY_HEADERS).map(([name, value]) => Header(name, value));

/**
 * A form of the customer's pages (Post/Redirect/Get): the handler records the answer and returns the
 * `Redirection` back to a page (303), with the pages' security headers.
 */
export const FormPost = (path: string): MethodDecorator =>
  applyDecorators(Post(path), PublicWrite(), Redirect(), ...pageHeaders);

/** A link that records something and sends the browser on (the handler's `Redirection`). */
export const LinkGet = (path: string): MethodDecorator => applyDecorators(Get(path), Redirect(), ...pageHeaders);

/** The language the customer picked with a page's switch link (`?lang=en|fr`), carried by every link after it. */
export const PickedLanguage = createParamDecorator((_data: unknown, context: ExecutionContext): Locale | undefined =>
  pickedLanguage(context.switchToHttp().getRequest<Request>().query.lang),
);

/** Back to a page after a form or a link (303), in the language the customer picked, if any. */
export function backTo(path: string, picked: Locale | undefined): Redirection {
  return new Redirection(picked ? withLanguage(path, picked) : path);
}
