import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { WITHHELD, redactText } from '../../common/privacy/customer-contact';
import { INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';
import type { ConversionRecord } from '../referral-customer-records.sql';

/**
 * A contact request that a friend the person referred sent, whose words name the person: the friend's
 * words as they wrote them, their own name, e-mail and phone in them `[withheld]` (a third party's),
 * and nothing else of the friend. The vendor's lead it became is the request's copy.
 */
export class ExportedReferredRequest {
  @ApiInteger(INT64_ID) id: number;
  @ApiInteger(INT32_ID) vendorId: number;
  /** The person's referral it came from (`reputationProcesses[].referrals[].id`). */
  @ApiInteger(INT64_ID) referralId: number;
  /** @example "Please call me, Jane Doe sent me" */
  message: string;
  /** @example "2026-11-21T20:01:02.123Z" */
  createdAt: string;

  static from(conversion: ConversionRecord): ExportedReferredRequest {
    const friend = [conversion.name, conversion.email, conversion.phone].filter((value): value is string => !!value);
    return {
      id: Number(conversion.id),
      vendorId: conversion.vendorId,
      referralId: Number(conversion.referralId),
      message: redactText(conversion.message ?? '', friend, WITHHELD).value,
      createdAt: new Date(conversion.createdAt).toISOString(),
    };
  }
}
