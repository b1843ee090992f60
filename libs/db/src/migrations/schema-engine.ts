// Loads Prisma's schema engine as WebAssembly, so migrations need no native engine download.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg';

type Glue = typeof glue & Record<string, unknown>;
export type SchemaEngine = glue.SchemaEngine;

let ready: Promise<void> | undefined;

/**
 * Instantiates the wasm module once per process. The package's own entry does this too, but its
 * setTimeout imports keep ~10 s timers alive after work is done; unref'ing them lets CLIs and tests exit.
 */
function instantiate(): Promise<void> {
  ready ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm');
    const bytes = await readFile(join(dirname(entry), 'schema_engine_bg.wasm'));
    const module = await WebAssembly.compile(bytes);
    const imports: Record<string, unknown> = { ...(glue as Glue) };
    for (const [name, value] of Object.entries(glue as Glue)) {
      if (name.startsWith('__wbg_setTimeout_') && typeof value === 'function') {
        imports[name] = (...args: unknown[]) => {
          const timer = value(...args) as ReturnType<typeof setTimeout>;
          timer.unref?.();
          return timer;
        };
      }
    }
    const moduleNames = new Set(WebAssembly.Module.imports(module).map((i) => i.module));
    const importObject = Object.fromEntries(
      [...moduleNames].map((name) => [name, imports]),
    ) as WebAssembly.Imports;
    const instance = await WebAssembly.instantiate(module, importObject);
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  })();
  return ready;
}

export async function openSchemaEngine(
  schemaPath: string,
  schema: string,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<SchemaEngine> {
  await instantiate();
  return glue.SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}
