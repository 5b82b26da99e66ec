import { Type, applyDecorators } from '@nestjs/common';
import { nullableRef } from '../openapi/nullable-ref';
import { ApiExtraModels, ApiResponse, ReferenceObject, SchemaObject, getSchemaPath } from '@nestjs/swagger';

export interface ApiEnvelopeOptions {
  status?: number;
  description?: string;
  /** data is an array of the model. */
  isArray?: boolean;
  /**
   * data is a Page of the model. The lead-style page names its index `page` and has `last`;
   * the vendor search names it `number` and has no `last` (both as the spec writes them).
   */
  page?: 'lead' | 'vendor';
  /** The response carries a `message` beside data. */
  withMessage?: boolean;
  /** data is null when there is nothing to show (it is always present). */
  nullable?: boolean;
}

const int = (description: string, minimum: number): SchemaObject => ({ type: 'integer', minimum, description });

type Schema = SchemaObject | ReferenceObject;

function pageSchema(items: Schema, style: 'lead' | 'vendor'): SchemaObject {
  const index: Record<string, SchemaObject> = { [style === 'lead' ? 'page' : 'number']: int('Page index, from 0.', 0) };
  const last: Record<string, SchemaObject> =
    style === 'lead' ? { last: { type: 'boolean', description: 'True on the final page.' } } : {};
  return {
    type: 'object',
    required: ['content', 'size', 'totalElements', 'totalPages', ...Object.keys(index), ...Object.keys(last)],
    properties: {
      content: { type: 'array', items },
      ...index,
      size: int('Page size.', 1),
      totalElements: { type: 'integer', format: 'int64', minimum: 0, description: 'Total matching items.' },
      totalPages: int('Total pages.', 0),
      ...last,
    },
  };
}

/** Documents a success response as the spec's envelope around the model (or a boolean): `success` is true. */
export function ApiEnvelope(
  model: Type<unknown> | 'boolean' | null,
  options: ApiEnvelopeOptions = {},
): MethodDecorator {
  const item: Schema | undefined =
    model === null ? undefined : model === 'boolean' ? { type: 'boolean' } : { $ref: getSchemaPath(model) };
  let data = item;
  if (item && options.isArray) data = { type: 'array', items: item };
  if (item && options.page) data = pageSchema(item, options.page);
  if (data && options.nullable) data = nullableRef(data, 'object');
  const properties: Record<string, Schema> = { success: { type: 'boolean', enum: [true] } };
  if (options.withMessage || model === null) properties.message = { type: 'string', description: 'What was done.' };
  if (data) properties.data = data;
  const decorators = [
    ApiResponse({
      status: options.status ?? 200,
      description: options.description ?? 'Success.',
      schema: { type: 'object', required: Object.keys(properties), properties },
    }),
  ];
  if (typeof model === 'function') decorators.unshift(ApiExtraModels(model));
  return applyDecorators(...decorators);
}
