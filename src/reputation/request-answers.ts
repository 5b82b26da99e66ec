import { HttpCode, HttpStatus, Post, type Type, applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { WithMessage } from '../common/envelope/envelope';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { VendorWrite } from '../write-routes/write-routes';
import type { QueuedMessages } from './reputation-messages';

/** The answer of a create that found a duplicate and skipped it: a message, no data. */
@ApiSchema({ name: 'DuplicateSkippedEnvelope' })
class DuplicateSkippedEnvelope {
  @ApiProperty({ type: 'boolean', enum: [true] })
  success: true;

  @ApiProperty({
    example:
      'A duplicate review request was detected and skipped: one with the same email or phone already exists. Nothing was sent.',
  })
  message: string;
}

/** The create route of a request kind: 201 with the stored request, or 200 when a duplicate was skipped. */
export function CreateRequestRoute(model: Type<unknown>): MethodDecorator {
  return applyDecorators(
    Post(),
    VendorWrite(),
    HttpCode(HttpStatus.CREATED),
    ApiEnvelope(model, { status: 201, withMessage: true, description: 'Created and being sent.' }),
    ApiExtraModels(DuplicateSkippedEnvelope),
    ApiOkResponse({
      description: 'skipDuplicates=true and a duplicate was detected: nothing was created or sent.',
      schema: { $ref: getSchemaPath(DuplicateSkippedEnvelope) },
    }),
    ApiErrors(400),
    ApiErrors({
      status: 409,
      description:
        "Every contact given opted out of the vendor's messages, or the only contact is a phone that every text-message number already serves for another vendor; nothing was created.",
      example: 'The customer opted out of messages from Maple Renovations: no review request was created or sent.',
    }),
  );
}

const POOL_FULL_NOTE =
  "No text is sent: every text-message number of the service already carries another vendor's conversation with this phone, and a number is never shared.";

const CHANNEL_NAMES = { EMAIL: 'email', SMS: 'text message' } as const;

/** 201 with the stored request and what was sent; `kind` names it ("review request"). */
export function createdAnswer<T>(kind: string, queued: QueuedMessages, data: T): WithMessage<T> {
  const channels = queued.channels.map((channel) => CHANNEL_NAMES[channel]).join(' and ');
  const sentence = `The ${kind} was created and is being sent to the customer by ${channels}.`;
  const skipped = queued.optedOut
    .map((kindOfContact) => (kindOfContact === 'email' ? 'email address' : 'phone number'))
    .join(' and ');
  const notes = [
    sentence,
    ...(skipped ? [`The customer's ${skipped} opted out of your messages, so nothing is sent there.`] : []),
    ...(queued.senderPoolFull ? [POOL_FULL_NOTE] : []),
  ];
  return new WithMessage(notes.join(' '), data);
}

/** 200 with only a message: nothing was created or sent. */
export function duplicateSkippedAnswer(kind: string): WithMessage {
  return new WithMessage(
    `A duplicate ${kind} was detected and skipped: one with the same email or phone already exists. Nothing was sent.`,
    undefined,
    HttpStatus.OK,
  );
}
