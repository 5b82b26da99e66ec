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
import { LOCALES, type Locale, isLocale } from '../../common/locale/locale';
import { PAGE_SECURITY_HEADERS } from './layout';
import { type VisitorLanguage, pickedLanguage, withLanguage } from './page-texts';
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

/**
 * The language the browser prefers among the pages' (`Accept-Language`, `fr-CA` being French): the one
 * it chooses whichever language is offered first. A browser that takes any equally (no header, only
 * `*`, only languages the pages are not written in) prefers none.
 */
function browserLanguage(request: Request): Locale | undefined {
  const choices = LOCALES.map((first) => request.acceptsLanguages(first, ...LOCALES.filter((l) => l !== first)));
  return choices.every((choice) => choice === choices[0]) && isLocale(choices[0]) ? choices[0] : undefined;
}

/** What the request says of the visitor's language: the switch link's `?lang=`, else the browser's. */
export function visitorLanguage(request: Request): VisitorLanguage {
  const picked = pickedLanguage(request.query.lang);
  return { picked, preferred: picked ?? browserLanguage(request) };
}

/** The visitor's language, as the request says it (`visitorLanguage`). */
export const Visitor = createParamDecorator((_data: unknown, context: ExecutionContext): VisitorLanguage =>
  visitorLanguage(context.switchToHttp().getRequest<Request>()),
);

/** Back to a page after a form or a link (303), in the language the customer picked, if any. */
export function backTo(path: string, picked: Locale | undefined): Redirection {
  return new Redirection(picked ? withLanguage(path, picked) : path);
}
