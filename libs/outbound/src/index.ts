export {
  safeFetch,
  safeFetchAsFetch,
  isPublicAddress,
  BlockedAddressError,
  InsecureRedirectError,
  type SafeFetchOptions,
} from './safe-fetch.js';
