import { errors } from 'oidc-provider';
import { isSecureRedirectTarget } from '#folio/http';

/** Bounds on dynamically registered client metadata; past them registration fails with invalid_client_metadata. */
export const registrationLimits = {
  clientName: 200,
  string: 2_000,
  arrayItems: 20,
  redirectUris: 10,
} as const;

/**
 * What oidc-provider leaves to us in client metadata (`extraClientMetadata.validator`): its size, and
 * redirect URIs that send the code in the clear. It calls this with the whole metadata once per extra
 * property, on registration and whenever it loads a stored client: the first call checks everything, so a
 * client registered before a rule existed is refused from then on.
 */
export function validateRegistration(
  _ctx: unknown,
  property: string,
  _value: unknown,
  metadata: object,
): void {
  if (property !== extraRegistrationProperties[0]) return;
  limitSize(metadata);
  refuseCleartextRedirects(metadata);
}

function limitSize(metadata: object): void {
  for (const [key, value] of Object.entries(metadata)) {
    if (typeof value === 'string') {
      const max = key === 'client_name' ? registrationLimits.clientName : registrationLimits.string;
      if (value.length > max)
        throw new errors.InvalidClientMetadata(`${key} must be at most ${max} characters`);
    } else if (Array.isArray(value)) {
      const max = key === 'redirect_uris' ? registrationLimits.redirectUris : registrationLimits.arrayItems;
      if (value.length > max)
        throw new errors.InvalidClientMetadata(`${key} must have at most ${max} entries`);
      for (const item of value) {
        if (typeof item === 'string' && item.length > registrationLimits.string) {
          throw new errors.InvalidClientMetadata(
            `each ${key} entry must be at most ${registrationLimits.string} characters`,
          );
        }
      }
    }
  }
}

/**
 * A plain-http redirect URI must be loopback (RFC 9700 §2.1, the MCP authorization spec): anywhere else the
 * code would cross the network readable by anyone on the way. Other schemes (https, a native app's own) and
 * malformed URIs are oidc-provider's to judge.
 */
function refuseCleartextRedirects(metadata: { redirect_uris?: unknown }): void {
  if (!Array.isArray(metadata.redirect_uris)) return;
  for (const uri of metadata.redirect_uris) {
    if (typeof uri === 'string' && URL.parse(uri)?.protocol === 'http:' && !isSecureRedirectTarget(uri)) {
      // A description starting with `redirect_uris` makes oidc-provider answer invalid_redirect_uri.
      throw new errors.InvalidClientMetadata(
        `redirect_uris must use https, or http to a loopback host (localhost, 127.0.0.1, [::1]): ${uri}`,
      );
    }
  }
}

/** RFC 7591 fields oidc-provider does not know by itself; declaring them is what enables the validator. */
export const extraRegistrationProperties = ['software_id', 'software_version'];
