// The console API the pages call that the cloud does not declare yet, in openapi-typescript's
// shape so the client types them like the generated ones. When the cloud's routes land in
// docs/cloud-openapi.json, delete their entry here (a route declared in both with different
// shapes makes the calls fail to type-check). Users, invitations and password reset are declared
// now (issue 26, auth): nothing is pending.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the place for the next pending route
export interface PendingPaths {}
