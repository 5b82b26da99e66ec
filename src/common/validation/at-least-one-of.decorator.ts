import { ValidationArguments, registerDecorator } from 'class-validator';

/** The rules by the name of the class they were declared on, which is also its OpenAPI schema's name. */
const rules = new Map<string, readonly string[]>();

/** The alternatives a body class requires one of, for the OpenAPI document (`anyOf`). */
export const atLeastOneOfRule = (schemaName: string): readonly string[] | undefined => rules.get(schemaName);

/**
 * Class decorator: at least one of the properties must be present. The check is registered under a
 * property named after the alternatives ("emailTo or phone"), because each real property is optional
 * on its own and @SkipIfAbsent() skips every check of an absent property.
 */
export function AtLeastOneOf(...properties: string[]): ClassDecorator {
  return AtLeastOneOfSaying(null, ...properties);
}

/** AtLeastOneOf with its own message (a customer page's words); null for the API's. */
export function AtLeastOneOfSaying(message: string | null, ...properties: string[]): ClassDecorator {
  const name = properties.join(' or ');
  return (target) => {
    rules.set(target.name, properties);
    registerDecorator({
      name: 'atLeastOneOf',
      target,
      propertyName: name,
      validator: {
        validate: (_value: unknown, args: ValidationArguments) =>
          properties.some((property) => (args.object as Record<string, unknown>)[property] !== undefined),
        defaultMessage: () => message ?? `provide ${name}: at least one of them is required`,
      },
    });
  };
}
