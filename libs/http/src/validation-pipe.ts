// class-validator at the HTTP edge: DTO problems become one InvalidInputError with a JSON path per problem.
import { ValidationPipe } from '@nestjs/common';
import { type ValidationError } from 'class-validator';
import { type InputProblem, InvalidInputError } from '#folio/errors';

/** Validates `@Body()` DTOs; unknown properties are refused, never silently dropped. */
export function dtoValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new InvalidInputError(inputProblems(errors)),
  });
}

/** Every failed constraint of the error tree, at its JSON path (`pages[1].status`). */
export function inputProblems(errors: ValidationError[], parent = ''): InputProblem[] {
  return errors.flatMap((error) => {
    const path = /^\d+$/.test(error.property)
      ? `${parent}[${error.property}]`
      : parent
        ? `${parent}.${error.property}`
        : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
      path,
      message: constraint === 'whitelistValidation' ? 'unknown property' : message,
    }));
    return [...own, ...inputProblems(error.children ?? [], path)];
  });
}
