// Where Folio may send a browser with something secret (an authorization code, a form's answer): over
// https, or over plain http only to this very machine (RFC 8252 §7.3, RFC 9700 §2.1, the MCP authorization
// spec), where nobody on the network can read it.
import { isIP } from 'node:net';

/** `localhost`, 127.0.0.0/8 or [::1], as a parsed URL spells them (IPv4 in any notation becomes dotted). */
function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
}

/** True for an https URL, or an http URL whose host is loopback; false for any other URL or non-URL. */
export function isSecureRedirectTarget(url: string): boolean {
  const parsed = URL.parse(url);
  if (parsed?.protocol === 'https:') return true;
  return parsed?.protocol === 'http:' && isLoopbackHost(parsed.hostname);
}
