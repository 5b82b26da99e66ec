import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy, ValidationOptions } from 'class-validator';
import { ALL_EVENTS, EVENT_TYPES } from '../../events/event-types';

const KNOWN = new Set<string>([...EVENT_TYPES, ALL_EVENTS]);
const MAX_TYPES = EVENT_TYPES.length;

function problem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TYPES) {
    return `events must be a non-empty list of at most ${MAX_TYPES} event types, or ["*"] for all.`;
  }
  const unknown = value.filter((type) => typeof type !== 'string' || !KNOWN.has(type));
  if (unknown.length) {
    return `events holds unknown event type(s): ${unknown.map((type) => JSON.stringify(type)).join(', ')}. Known: ${EVENT_TYPES.join(', ')}, or "*".`;
  }
  if (value.includes(ALL_EVENTS) && value.length > 1) return 'events "*" stands for all event types and comes alone.';
  if (new Set(value).size !== value.length) return 'events lists an event type twice.';
  return undefined;
}

/** In the API document: `["*"]` alone, or a list of distinct event types. */
const SUBSCRIPTION_SCHEMA = {
  oneOf: [
    { type: 'array', items: { type: 'string', enum: [ALL_EVENTS] }, minItems: 1, maxItems: 1 },
    {
      type: 'array',
      items: { type: 'string', enum: [...EVENT_TYPES] },
      minItems: 1,
      maxItems: MAX_TYPES,
      uniqueItems: true,
    },
  ],
};

/** A subscription: known event types (each named when it is not), or `["*"]`. */
export const IsEventTypeList = (options?: ValidationOptions): PropertyDecorator =>
  applyDecorators(
    // Not the reflected Array: @nestjs/swagger would move the oneOf into `items`.
    ApiProperty({ type: Object, ...SUBSCRIPTION_SCHEMA, example: ['lead.assigned', 'lead.expired'] }),
    ValidateBy(
      {
        name: 'isEventTypeList',
        validator: {
          validate: (value) => problem(value) === undefined,
          defaultMessage: (args) => problem(args?.value) ?? 'events is invalid.',
        },
      },
      options,
    ),
  );
