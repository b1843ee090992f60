// How the editor's error pages word a missing thing: a project, a library on the library pages, an
// account or team on the operators' credits page, or a publish confirmation link.
import { Catch } from '@nestjs/common';
import { PageErrorFilter, type PageErrorWording } from '#folio/page-kit';

export const projectWording: PageErrorWording = {
  titles: { 404: 'Project not found', 409: 'That is already taken' },
  notFound: 'There is nothing at this address.',
  // Invisible and missing projects look the same (docs/design.md §5): one message for both.
  domainNotFound:
    'There is no project here, or you have no access to it. Check the link, or ask its owner to add you to its account.',
};

const libraryWording: PageErrorWording = {
  titles: { 404: 'Library not found' },
  notFound: projectWording.notFound,
  // A library someone does not administer and a missing one look the same.
  domainNotFound:
    'There is no library here that you administer. Switching AI on or off takes the owner or admin role in the account that owns it.',
};

/** The page kit's error edge for the library pages, whose missing (or not administered) thing is a library. */
@Catch()
export class LibraryPageFilter extends PageErrorFilter {
  protected override readonly wording = libraryWording;
}

const creditsWording: PageErrorWording = {
  titles: { 404: 'No such account or team' },
  notFound: projectWording.notFound,
};

/** The page kit's error edge for the operators' credits page, whose missing thing is an account or team. */
@Catch()
export class CreditsPageFilter extends PageErrorFilter {
  protected override readonly wording = creditsWording;
}

const publishLinkWording: PageErrorWording = {
  titles: { 403: 'You cannot publish this project', 404: 'Link not valid', 409: 'This link cannot be used' },
  notFound: 'This publish link is not valid. Ask the agent for a new one.',
};

/** The error edge of publish confirmation links: not valid, used, expired, or not the person's to use. */
@Catch()
export class PublishLinkPageFilter extends PageErrorFilter {
  protected override readonly wording = publishLinkWording;
}
