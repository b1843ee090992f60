import { type Prisma } from './generated/prisma/client.js';

/**
 * Content-model values (element trees, themes, snapshots) are plain JSON, but their interfaces lack the
 * index signatures Prisma's Json input type asks for. This is the one place that bridges the two.
 */
export function asJson(value: object): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}
