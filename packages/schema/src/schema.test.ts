import { readFileSync } from 'node:fs';
import {
  isObjectType,
  isInputObjectType,
  isEnumType,
  isScalarType,
  isIntrospectionType,
} from 'graphql';
import { buildSchema } from './index.js';
import { printedSchema, printedSchemaPath } from './print.js';

describe('schema', () => {
  const schema = buildSchema();

  it('has a description on every type, field and enum value', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (isIntrospectionType(type) || (isScalarType(type) && !type.astNode)) continue;
      if (!type.description) missing.push(type.name);
      if (isObjectType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) missing.push(`${type.name}.${field.name}`);
        }
      }
      if (isEnumType(type)) {
        for (const value of type.getValues()) {
          if (!value.description) missing.push(`${type.name}.${value.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('matches the checked-in printed schema (run `npm run print -w @survey/schema` after editing SDL)', () => {
    expect(readFileSync(printedSchemaPath, 'utf8')).toBe(printedSchema());
  });
});
