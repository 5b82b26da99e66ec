import { Get, Header, Post, Redirect, applyDecorators } from '@nestjs/common';
import type { Response } from 'express';
import { PAGE_SECURITY_HEADERS } from './layout';
import { Idempotent } from '../../idempotency/idempotent.decorator';

export function sendPage(response: Response, status: number, page: string): void {
  response.status(status).set(PAGE_SECURITY_HEADERS).type('html').send(page);
}

const pageHeaders = Object.entries(PAGE_SECURITY_HEADERS).map(([name, value]) => Header(name, value));

/**
 * A form of the customer's pages (Post/Redirect/Get): the handler records the answer and returns the
 * `Redirection` back to a page (303), with the pages' security headers.
 */
export const FormPost = (path: string): MethodDecorator =>
  applyDecorators(Post(path), Idempotent(), Redirect(), ...pageHeaders);

/** A link that records something and sends the browser on (the handler's `Redirection`). */
export const LinkGet = (path: string): MethodDecorator => applyDecorators(Get(path), Redirect(), ...pageHeaders);
