// The console API the pages call that the cloud does not declare yet (issue 26: invitations,
// password reset and users are being built), in openapi-typescript's shape so the client types
// them like the generated ones. This is the payload the pages expect, kept minimal per
// CONSOLE.md; when the cloud's routes land in docs/cloud-openapi.json, delete their entry here
// (a route declared in both with different shapes makes the calls fail to type-check).

type Json<T> = { content: { 'application/json': T } };
type Answer<T> = { headers: Record<string, unknown> } & Json<T>;
type Empty = { headers: Record<string, unknown>; content?: never };
type Problem = { headers: Record<string, unknown>; content: { 'application/problem+json': unknown } };
type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };
type UserPath = { query?: never; header?: never; path: { userId: string }; cookie?: never };

interface Post<Body, Responses> {
  parameters: NoParameters;
  requestBody: Json<Body>;
  responses: Responses & { 400: Problem; 429: Problem };
}

/** A user of the merchant's console as the Users page lists them. */
export interface ConsoleUserItem {
  id: string;
  email: string;
  role: 'viewer' | 'manager' | 'owner';
  /** `invited` until the invitation is accepted. */
  status: 'active' | 'invited';
  createdAt: string;
}

type TokenPassword = { token: string; password: string };

export interface PendingPaths {
  '/api/console/v1/auth/password-reset': {
    parameters: NoParameters;
    /** Always 202, whether or not the address has an account. */
    post: Post<{ email: string }, { 202: Empty }>;
  };
  '/api/console/v1/auth/password-reset/complete': {
    parameters: NoParameters;
    /** 404 not_found for an unknown, used or expired token. */
    post: Post<TokenPassword, { 204: Empty; 404: Problem }>;
  };
  '/api/console/v1/auth/invitations/accept': {
    parameters: NoParameters;
    post: Post<TokenPassword, { 204: Empty; 404: Problem }>;
  };
  '/api/console/v1/users': {
    parameters: NoParameters;
    get: {
      parameters: {
        query?: { limit?: number; cursor?: string };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: Answer<{ data: ConsoleUserItem[]; hasMore: boolean; nextCursor: string | null }>;
        401: Problem;
      };
    };
    /** Owner only. The link is also e-mailed; the page shows it once for when mail is slow. */
    post: Post<
      { email: string; role: ConsoleUserItem['role'] },
      {
        201: Answer<{ user: ConsoleUserItem; invitationUrl: string }>;
        401: Problem;
        403: Problem;
        409: Problem;
      }
    >;
  };
  '/api/console/v1/users/{userId}': {
    parameters: UserPath;
    /** Owner only; not one's own role. */
    patch: {
      parameters: UserPath;
      requestBody: Json<{ role: ConsoleUserItem['role'] }>;
      responses: { 200: Answer<ConsoleUserItem>; 400: Problem; 401: Problem; 403: Problem; 404: Problem };
    };
    /** Owner only; not oneself. The user's sessions end at once. */
    delete: {
      parameters: UserPath;
      requestBody?: never;
      responses: { 204: Empty; 401: Problem; 403: Problem; 404: Problem };
    };
  };
}
