import { HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { PAGE_SECURITY_HEADERS } from './customer-pages.views';

export function sendPage(response: Response, status: number, page: string): void {
  response.status(status).set(PAGE_SECURITY_HEADERS).type('html').send(page);
}

/** Post/Redirect/Get: a form's answer sends the browser back to a page with GET. */
export function redirectTo(response: Response, location: string, status = HttpStatus.SEE_OTHER): void {
  response.set(PAGE_SECURITY_HEADERS).redirect(status, location);
}
