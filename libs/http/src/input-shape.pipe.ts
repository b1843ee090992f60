import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { InvalidInputError } from '#folio/errors';
import { inputShapeProblems } from './input-shape.js';

/**
 * Global pipe of every HTTP app: a body, query or route parameter that breaks inputShapeProblems is a
 * 400 naming each problem's path, before any route-level validation walks it.
 */
@Injectable()
export class InputShapePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const problems = inputShapeProblems(value, metadata.data ?? '');
    if (problems.length > 0) throw new InvalidInputError(problems);
    return value;
  }
}
