import type { SchemaObject } from '@nestjs/swagger';

/** The rules by the name of the class they were declared on, which is also its OpenAPI schema's name. */
const rules = new Map<string, SchemaObject[]>();

/**
 * Class decorator: a rule on the object as a whole (how its properties go together) for the API
 * document, added to the class's schema as an `allOf` member. The server's check of the same rule is
 * where the rule lives (a validator or a service); this only states it.
 */
export const ApiObjectRule =
  (rule: SchemaObject): ClassDecorator =>
  (target) => {
    rules.set(target.name, [...(rules.get(target.name) ?? []), rule]);
  };

/** The object rules of a schema, for the document. */
export const objectRulesOf = (schemaName: string): readonly SchemaObject[] => rules.get(schemaName) ?? [];
