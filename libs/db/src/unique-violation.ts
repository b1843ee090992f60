import { Prisma } from './generated/prisma/client.js';

/** Whether `error` is a unique-constraint violation involving the column `field`. */
export function isUniqueViolation(error: unknown, field: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return false;
  // Driver adapters report the constraint's fields under meta.driverAdapterError; the classic engine
  // under meta.target. Either names the column.
  return JSON.stringify(error.meta ?? {}).includes(field);
}
