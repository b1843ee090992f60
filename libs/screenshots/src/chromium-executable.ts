import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Which Chromium to launch: `CHROMIUM_PATH` when that file exists; Debian's package when `CHROMIUM_PATH` is
 * unset; otherwise the headless Chromium that `@sparticuz/chromium` ships inside the npm package, so that
 * neither the service nor its tests need a system browser. A `CHROMIUM_PATH` naming nothing skips Debian's
 * too (CI hides the system browser that way).
 */
export async function chromiumExecutable(configured: string | null): Promise<string> {
  if (configured !== null && (await isExecutable(configured))) return configured;
  if (configured === null && (await isExecutable(DEBIAN_CHROMIUM))) return DEBIAN_CHROMIUM;
  shipped ??= extractShippedChromium().catch((error: unknown) => {
    shipped = null;
    throw error;
  });
  return shipped;
}

let shipped: Promise<string> | null = null;

/**
 * Inflates the package's Brotli-compressed binary once per version into the temporary directory. The
 * package's own `executablePath()` writes `/tmp/chromium` in place, so a second process (two test runs side
 * by side) or a crash mid-write could launch a half-written file; here a process writes under a name of its
 * own and renames, and a complete binary is all another process can see.
 */
async function extractShippedChromium(): Promise<string> {
  // The package exports only its entry point (build/index.js); its binaries are in bin/ beside build/.
  const packageRoot = dirname(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')));
  const { version } = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const directory = join(tmpdir(), `folio-chromium-${version}`);
  const executable = join(directory, 'chromium');
  if (await isExecutable(executable)) return executable;
  await mkdir(directory, { recursive: true });
  const partial = `${executable}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await pipeline(
      createReadStream(join(packageRoot, 'bin', 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(partial, { mode: 0o700 }),
    );
    await rename(partial, executable);
  } finally {
    await rm(partial, { force: true });
  }
  return executable;
}

async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}
