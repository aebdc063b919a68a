/** OAuth errors as RFC 6749 §5.2 names them, with the status the token endpoint answers them with. */

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** invalid_client after HTTP Basic was tried: the answer carries WWW-Authenticate: Basic. */
    readonly basicTried = false,
  ) {
    super(description);
  }

  get status(): number {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}
