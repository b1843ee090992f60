import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the start command prints and scripts or tutorials read from `$DATA_DIR/demo-credentials.json`. */
export interface DemoCredentials {
  baseUrl: string;
  password: string;
  users: { owner: string; viewer: string };
  /** The demo owner's API key, with every scope. */
  apiKey: string;
  accountKey: string;
  templateKey: string;
  projects: { key: string; title: string; published: boolean }[];
}

export function demoCredentialsPath(dataDir: string): string {
  return join(dataDir, 'demo-credentials.json');
}

export async function readDemoCredentials(dataDir: string): Promise<DemoCredentials | null> {
  try {
    return JSON.parse(await readFile(demoCredentialsPath(dataDir), 'utf8')) as DemoCredentials;
  } catch {
    return null;
  }
}

export async function writeDemoCredentials(dataDir: string, credentials: DemoCredentials): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  // Holds a live API key and the demo password: readable by the owner only.
  await writeFile(demoCredentialsPath(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}
