// The provider's login follows Folio's: without this, oidc-provider's own session would keep approving
// connections silently after the person logged out of Folio (a shared computer hands their account on).
import { interactionPolicy } from 'oidc-provider';
import { type SessionService } from '#folio/identity';
import { sessionCookieName } from '#folio/page-kit';

const { base, Check } = interactionPolicy;

/**
 * oidc-provider's default prompts, with one more login check: an authorization asks for a login again
 * unless the browser's Folio session belongs to the account the provider's session names.
 */
export function loginFollowingFolioSession(sessions: SessionService): interactionPolicy.DefaultPolicy {
  const policy = base();
  policy.get('login')!.checks.add(
    new Check('folio_session', 'The person is not logged in to Folio as this account', async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      // Without a provider session, the built-in no_session check asks already.
      if (!accountId) return Check.NO_NEED_TO_PROMPT;
      const folio = await sessions.resolve(ctx.cookies.get(sessionCookieName, { signed: false }));
      return folio?.actor.userId === accountId ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );
  return policy;
}

/** Whether the client asked for a fresh login (`prompt=login`), which a Folio session does not answer. */
export function asksForFreshLogin(params: { prompt?: unknown }): boolean {
  return String(params.prompt ?? '')
    .split(' ')
    .includes('login');
}
