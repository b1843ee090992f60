// Writes this process has committed, counted as they commit: what the process reads next may rely on its
// own writes without waiting for the database to announce them (its NOTIFY arrives a moment later).
import {
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type Transaction,
} from '@prisma/driver-adapter-utils';

let committed = 0;

/** How many writes this process has committed so far, through any of its database handles. */
export function localWrites(): number {
  return committed;
}

/** A plain read: a SELECT, after the comments a statement may start with (a kept plan's marker). */
const readOnly = /^\s*(?:\/\*[\s\S]*?\*\/\s*|--[^\n]*\n\s*)*select\b/i;

/**
 * The adapter, counting each statement that is not a plain read once it returns, and each transaction once
 * it commits (a transaction is taken as a write: Folio opens them to write).
 */
export function countingWrites<F extends SqlMigrationAwareDriverAdapterFactory>(factory: F): F {
  return new Proxy(factory, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property !== 'connect' && property !== 'connectToShadowDb') return value;
      return async () => counting(await (value as () => Promise<SqlDriverAdapter>).call(target));
    },
  });
}

function counting(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return new Proxy(adapter, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property === 'executeRaw' || property === 'queryRaw') {
        return async (query: SqlQuery) => {
          const result: unknown = await (value as (query: SqlQuery) => Promise<unknown>).call(target, query);
          if (!readOnly.test(query.sql)) committed++;
          return result;
        };
      }
      if (property === 'executeScript') {
        return async (script: string) => {
          await (value as (script: string) => Promise<void>).call(target, script);
          committed++;
        };
      }
      if (property === 'startTransaction') {
        return async (...args: unknown[]) =>
          committingCounted(await (value as (...a: unknown[]) => Promise<Transaction>).apply(target, args));
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function committingCounted(transaction: Transaction): Transaction {
  return new Proxy(transaction, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property === 'commit') {
        return async () => {
          await (value as () => Promise<void>).call(target);
          committed++;
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
