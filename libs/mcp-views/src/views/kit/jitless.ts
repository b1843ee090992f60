// Imported before the SDK: its zod compiles validators with `new Function` unless told not to, and under a
// view's CSP (no 'unsafe-eval') even the probe for it is a reported violation. Set before any schema runs.
import { config } from 'zod/v4';

config({ jitless: true });
