import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { AppConfig, appConfig } from '../config/app.config';

/** 18 random bytes: 144 bits, 24 base64url characters. */
export function newLinkToken(): string {
  return randomBytes(18).toString('base64url');
}

export const LINK_TOKEN = /^[A-Za-z0-9_-]{24}$/;

/** A customer or friend link that does not exist (or never could): the page says so with a 404. */
export const unknownLink = (): DomainError => new DomainError(ErrorCode.NotFound, 'This link is not valid.');

/**
 * The record behind a link, if it may still be shown: an unknown link is a 404; a link whose
 * person's data was erased (docs/contract.md#data-rights) is a 410 that says nothing of what it was.
 */
export function openLink<T extends { erasedAt: Date | null }>(record: T | null): T {
  if (!record) throw unknownLink();
  if (record.erasedAt) throw new DomainError(ErrorCode.Gone, 'This link is no longer available.');
  return record;
}

/**
 * The paths of the customer pages. Pages link to each other by path (they are served from the same
 * origin); messages carry absolute links under PUBLIC_BASE_URL.
 */
export const customerPaths = {
  process: (token: string) => `/r/${token}`,
  processUnsubscribe: (token: string) => `/r/${token}/unsubscribe`,
  invitation: (token: string) => `/i/${token}`,
  invitationUnsubscribe: (token: string) => `/i/${token}/unsubscribe`,
};

@Injectable()
export class ReputationLinks {
  constructor(@Inject(appConfig.KEY) private readonly app: AppConfig) {}

  absolute(path: string): string {
    return `${this.app.publicBaseUrl}${path}`;
  }
}
