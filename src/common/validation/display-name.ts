import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, Matches } from 'class-validator';
import { DISPLAY_NAME_PATTERN } from '../../config/settings/display-name-pattern';

// The rule lives with the settings, which check OPERATOR_NAME by it before anything else loads.
export { DISPLAY_NAME_PATTERN } from '../../config/settings/display-name-pattern';

/** The check of a name shown to customers as the sender (a vendor's name), and the same rule in the API document. */
export const DisplayName = (): PropertyDecorator =>
  applyDecorators(
    IsNotEmpty(),
    Matches(new RegExp(DISPLAY_NAME_PATTERN, 'u'), {
      message:
        '$property must be a plain name: no line breaks, control or invisible characters, and no @ (no e-mail address)',
    }),
    ApiProperty({ minLength: 1, pattern: DISPLAY_NAME_PATTERN }),
  );
