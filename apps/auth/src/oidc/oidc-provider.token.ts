/** Injection token of the oidc-provider instance. */
export const OIDC_PROVIDER = Symbol('OIDC_PROVIDER');
