import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { SkipIfAbsent } from '../validation/skip-if-absent.decorator';
import { LOCALES } from './locale';

/** An optional language of the customer: `en` or `fr`, anything else a 400 naming the field. */
export const OptionalLocale = (): PropertyDecorator =>
  applyDecorators(SkipIfAbsent(), IsIn(LOCALES), ApiProperty({ enum: LOCALES, required: false }));
