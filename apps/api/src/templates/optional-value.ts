import { ValidateIf } from 'class-validator';

/**
 * The property may be left out; unlike `@IsOptional()`, `null` is not "left out" but a value of the wrong
 * type, refused by the property's other rules.
 */
export function IsOptionalValue(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
