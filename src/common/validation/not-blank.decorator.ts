import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, type ValidationOptions } from 'class-validator';
import { NOT_BLANK_TEXT_PATTERN } from './text-pattern';

/**
 * A string that must not be empty once `@Trim()` has run, and the same rule in the API document: at
 * least one character that is not white space (JavaScript's `trim` and the pattern's `\S` agree on what
 * white space is), with no NUL (lone surrogates, also refused by the input scan, are stated in the
 * document's prose: TEXT_RULE), so a client generated from the document never sends a value the server refuses.
 */
export const NotBlank = (options?: ValidationOptions): PropertyDecorator =>
  applyDecorators(IsNotEmpty(options), ApiProperty({ minLength: 1, pattern: NOT_BLANK_TEXT_PATTERN }));
