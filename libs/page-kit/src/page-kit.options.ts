import { type AppConfig } from '#folio/config';
import { type PageErrorWording } from './page-error.js';
import { type HashedStylesheet } from './stylesheet.js';

export const PAGE_KIT_OPTIONS = Symbol('PAGE_KIT_OPTIONS');

/** What an app tells the page kit about its server-rendered pages. */
export interface PageKitOptions {
  /** The folder of the app's Eta views: its pages, `layout.eta` and `error.eta`. */
  views: string;
  /** The app's one stylesheet, served by the kit at its path. */
  stylesheet: HashedStylesheet;
  /** View helpers on top of the kit's `fmt`. */
  fmt?: Record<string, (value: never) => string>;
  /** How the app's error pages word an address that leads nowhere. */
  errorWording: PageErrorWording;
  /**
   * The pages' own Content-Security-Policy, for an app whose app-wide policy does not fit its pages (it
   * gets the response's nonce and the script sources a page asks for); without it, the app-wide policy
   * (`pageHelmetOptions`) stands.
   */
  contentPolicy?: (page: { nonce: string; scriptSources: readonly string[]; config: AppConfig }) => string;
  /** Where a form post that found no session goes after logging in (a GET comes back to itself); default `/account`. */
  returnPathAfterLogin?: (postedTo: string) => string;
}
