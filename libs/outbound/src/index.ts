export { isPublicAddress } from './address-policy.js';
export {
  safeFetch,
  safeFetchAsFetch,
  BlockedAddressError,
  InsecureRedirectError,
  type SafeFetchOptions,
} from './safe-fetch.js';
