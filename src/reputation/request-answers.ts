import { HttpCode, HttpStatus, Post, type Type, applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse } from '@nestjs/swagger';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ErrorEnvelopeDto, WithMessage } from '../common/envelope/envelope';
import type { QueuedMessages } from './reputation-messages';

/** The create route of a request kind: 201 with the stored request, or 200 when a duplicate was skipped. */
export function CreateRequestRoute(model: Type<unknown>): MethodDecorator {
  return applyDecorators(
    Post(),
    HttpCode(HttpStatus.CREATED),
    ApiEnvelope(model, { status: 201, withMessage: true, description: 'Created and being sent.' }),
    ApiEnvelope(null, { status: 200, description: 'A duplicate was detected and skipped (skipDuplicates=true).' }),
    ApiBadRequestResponse({ description: 'Invalid input.', type: ErrorEnvelopeDto }),
    ApiConflictResponse({
      description: "Every contact given opted out of the vendor's messages; nothing was created.",
      type: ErrorEnvelopeDto,
    }),
  );
}

const CHANNEL_NAMES = { EMAIL: 'email', SMS: 'text message' } as const;

/** 201 with the stored request and what was sent; `kind` names it ("review request"). */
export function createdAnswer<T>(kind: string, queued: QueuedMessages, data: T): WithMessage<T> {
  const channels = queued.channels.map((channel) => CHANNEL_NAMES[channel]).join(' and ');
  const sentence = `The ${kind} was created and is being sent to the customer by ${channels}.`;
  if (queued.optedOut.length === 0) return new WithMessage(sentence, data);
  const skipped = queued.optedOut
    .map((kindOfContact) => (kindOfContact === 'email' ? 'email address' : 'phone number'))
    .join(' and ');
  return new WithMessage(
    `${sentence} The customer's ${skipped} opted out of your messages, so nothing is sent there.`,
    data,
  );
}

/** 200 with only a message: nothing was created or sent. */
export function duplicateSkippedAnswer(kind: string): WithMessage {
  return new WithMessage(
    `A duplicate ${kind} was detected and skipped: one with the same email or phone already exists. Nothing was sent.`,
    undefined,
    HttpStatus.OK,
  );
}
