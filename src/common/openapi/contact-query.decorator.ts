import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiQuery, getSchemaPath } from '@nestjs/swagger';

/**
 * A contact query (email and/or phone, `@AtLeastOneOf`) as one `contact` parameter of style form,
 * explode: its schema carries the at-least-one rule, which separate optional parameters cannot state
 * (a generator would send neither and get a 400). document-finish drops the parameters Nest derives
 * from the same DTO.
 */
export const ApiContactQuery = (model: new () => object): MethodDecorator =>
  applyDecorators(
    ApiExtraModels(model),
    ApiQuery({
      name: 'contact',
      description: 'email and/or phone, each its own query parameter (`?email=…&phone=…`).',
      required: true,
      style: 'form',
      explode: true,
      schema: { $ref: getSchemaPath(model) },
    }),
  );
