/**
 * Tokens of an external identity provider (docs/sync.md "External identity provider"), e.g.
 * Supabase Auth: `Authorization: Bearer <JWT>` verified against the provider's JWKS with jose,
 * checking signature, algorithm, issuer, audience and expiry. The user id is `jwt:<sub>`, so it
 * can never collide with a local account's id.
 */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { HttpError } from '../_shared/httpError.ts';

/** Where the provider's keys are and what its tokens must say. */
export interface JwtConfig {
  /** The JWKS address, e.g. `https://<project>.supabase.co/auth/v1/.well-known/jwks.json`. */
  jwksUrl: string;
  /** Required `iss`. */
  issuer: string;
  /** Required `aud` (Supabase: `authenticated`). */
  audience: string;
  /** Allowed clock skew in seconds (default 5). */
  clockToleranceS?: number;
}

/** Asymmetric algorithms only: `none` and shared-secret HMAC tokens are refused. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Prefix of the user ids of external identities. */
const JWT_USER_PREFIX = 'jwt:';

/**
 * A verifier: resolves `jwt:<sub>` for a valid token, null for an invalid, expired or foreign one.
 * @throws HttpError 503 when the provider's keys cannot be fetched.
 */
export function createJwtVerifier(config: JwtConfig): (token: string) => Promise<string | null> {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: ALGORITHMS,
        clockTolerance: config.clockToleranceS ?? 5,
        requiredClaims: ['sub', 'exp'],
      });
      return typeof payload.sub === 'string' && payload.sub.length > 0 && payload.sub.length <= 255 ? JWT_USER_PREFIX + payload.sub : null;
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || (error instanceof errors.JOSEError && error.code === 'ERR_JWKS_INVALID')) {
        throw new HttpError(503, 'The identity provider\u2019s keys could not be fetched');
      }
      if (error instanceof errors.JOSEError) return null;
      // fetch() failed (provider unreachable).
      if (error instanceof TypeError) throw new HttpError(503, 'The identity provider\u2019s keys could not be fetched');
      return null;
    }
  };
}
