import { type DynamicModule, Module } from '@nestjs/common';
import { IdentityModule } from '#folio/identity';
import { CsrfGuard, CsrfService } from './csrf.js';
import { CurrentActorMiddleware, SessionCookies, SessionGuard } from './current-actor.js';
import { FlashMessages } from './flash.js';
import { PageErrorFilter } from './page-error.filter.js';
import { PAGE_KIT_OPTIONS, type PageKitOptions } from './page-kit.options.js';
import { stylesheetController } from './stylesheet.controller.js';
import { ViewRenderer } from './view-renderer.js';

/**
 * What every server-rendered page shares: views and stylesheet, CSRF, the session cookie and the login
 * guard, the error pages. An app calls `forRoot` once and imports that one module wherever it has pages.
 */
@Module({})
export class PageKitModule {
  static forRoot(options: PageKitOptions): DynamicModule {
    const providers = [
      ViewRenderer,
      CsrfService,
      CsrfGuard,
      SessionCookies,
      SessionGuard,
      CurrentActorMiddleware,
      FlashMessages,
      PageErrorFilter,
    ];
    return {
      module: PageKitModule,
      imports: [IdentityModule],
      controllers: [stylesheetController(options.stylesheet)],
      providers: [{ provide: PAGE_KIT_OPTIONS, useValue: options }, ...providers],
      exports: [PAGE_KIT_OPTIONS, ...providers],
    };
  }
}
