// The page kit (#folio/page-kit) set up for the sign-in, account and consent pages of apps/auth.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashedStylesheet, PageKitModule } from '#folio/page-kit';

const here = dirname(fileURLToPath(import.meta.url));

/** The one stylesheet of the auth pages (the shared base, then auth.css), and its URL with a content hash (served with a long cache). */
export const authStylesheet = hashedStylesheet('/auth-assets/auth.css', join(here, 'assets', 'auth.css'));

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' });

/** The Eta views of `apps/auth/src/web/views`, under the app-wide policy of `pageHelmetOptions`. */
export const AuthPagesModule = PageKitModule.forRoot({
  views: join(here, 'views'),
  stylesheet: authStylesheet,
  fmt: {
    date: (date: Date) => dateFormat.format(date),
  },
  errorWording: { notFound: 'There is nothing at this address. Check the link, or go back to your account.' },
});
