import { errors } from 'oidc-provider';

/** Bounds on dynamically registered client metadata; past them registration fails with invalid_client_metadata. */
export const registrationLimits = {
  clientName: 200,
  string: 2_000,
  arrayItems: 20,
  redirectUris: 10,
} as const;

/**
 * oidc-provider validates the meaning of client metadata but not its size. It calls this validator
 * (`extraClientMetadata.validator`) with the whole metadata once per extra property: the first call checks
 * everything.
 */
export function limitRegistrationSize(
  _ctx: unknown,
  property: string,
  _value: unknown,
  metadata: object,
): void {
  if (property !== extraRegistrationProperties[0]) return;
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

/** RFC 7591 fields oidc-provider does not know by itself; declaring them is what enables the validator. */
export const extraRegistrationProperties = ['software_id', 'software_version'];
