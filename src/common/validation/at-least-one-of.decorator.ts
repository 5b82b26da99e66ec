import { ValidationArguments, registerDecorator } from 'class-validator';

/**
 * Class decorator: at least one of the properties must be present. The check is registered under a
 * property named after the alternatives ("emailTo or phone"), because each real property is optional
 * on its own and @Optional() skips every check of an absent property.
 */
export function AtLeastOneOf(...properties: string[]): ClassDecorator {
  const name = properties.join(' or ');
  return (target) => {
    registerDecorator({
      name: 'atLeastOneOf',
      target,
      propertyName: name,
      validator: {
        validate: (_value: unknown, args: ValidationArguments) =>
          properties.some((property) => (args.object as Record<string, unknown>)[property] !== undefined),
        defaultMessage: () => `provide ${name}: at least one of them is required`,
      },
    });
  };
}
