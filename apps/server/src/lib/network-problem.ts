/*
 * Why a call to another server failed, as a phrase of the message catalogue: a refusal that names the
 * reason ("The platform at {url} cannot be reached ({reason})") then reads in one language, as
 * renderMessage writes a parameter that is a message of the catalogue in the reader's language. Node's
 * and undici's own texts ("bad port", "getaddrinfo ENOTFOUND …") go to the server log, not to readers.
 */

const REFUSED = 'the connection was refused';
const UNKNOWN_HOST = 'the host name is not known';
const TIMED_OUT = 'the connection timed out';
const CLOSED = 'the connection was closed before the answer';
const UNREACHABLE = 'the host cannot be reached';
const UNTRUSTED = 'its TLS certificate is not trusted';
const BLOCKED_PORT = 'the port is one the server may not connect to (such as 6000): use the usual port of the service';
/** What networkProblem says when nothing more is known. */
export const NETWORK_ERROR = 'a network error';

const BY_CODE: Readonly<Record<string, string>> = {
  ECONNREFUSED: REFUSED,
  ENOTFOUND: UNKNOWN_HOST,
  EAI_AGAIN: UNKNOWN_HOST,
  ETIMEDOUT: TIMED_OUT,
  UND_ERR_CONNECT_TIMEOUT: TIMED_OUT,
  UND_ERR_HEADERS_TIMEOUT: TIMED_OUT,
  UND_ERR_BODY_TIMEOUT: TIMED_OUT,
  ECONNRESET: CLOSED,
  EPIPE: CLOSED,
  UND_ERR_SOCKET: CLOSED,
  UND_ERR_CLOSED: CLOSED,
  EHOSTUNREACH: UNREACHABLE,
  ENETUNREACH: UNREACHABLE,
  CERT_HAS_EXPIRED: UNTRUSTED,
  DEPTH_ZERO_SELF_SIGNED_CERT: UNTRUSTED,
  SELF_SIGNED_CERT_IN_CHAIN: UNTRUSTED,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED,
  ERR_TLS_CERT_ALTNAME_INVALID: UNTRUSTED,
};

/** The causes of an error, outermost first (fetch wraps the real one: TypeError "fetch failed", cause …). */
function* causes(err: unknown): Generator<{ code?: unknown; message?: unknown; name?: unknown }> {
  let e: unknown = err;
  for (let depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    yield e as { code?: unknown; message?: unknown; name?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** The catalogue phrase for why a connection failed (a network error when nothing more is known). */
export function networkProblem(err: unknown): string {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && BY_CODE[e.code]) return BY_CODE[e.code]!;
    if (e.name === 'TimeoutError') return TIMED_OUT;
    // undici refuses the ports browsers block (fetch's "bad port" list) before connecting.
    if (e.message === 'bad port') return BLOCKED_PORT;
  }
  return NETWORK_ERROR;
}
