/** Every key the gateway keeps in Redis, under one prefix so deployments can share a server. */
export function redisKeys(prefix = 'waybill:') {
  return {
    lease: `${prefix}poll:lease`,
    epoch: `${prefix}poll:epoch`,
    cursor: `${prefix}poll:cursor`,
    /** Open while the replicas offer the cursors they knew, after the cursor was lost. */
    cursorRecovery: `${prefix}poll:cursor-recovery`,
    changes: `${prefix}changes`,
    /** The last published updated_at of an order, for the poll/own-write dedupe. */
    published: (orderUid: string) => `${prefix}published:${orderUid}`,
    /** The last own write to an order or inbound (who, what, when), for the conflict warning. */
    ownWrite: (uid: string) => `${prefix}own-write:${uid}`,
    exportJob: (jobId: string) => `${prefix}export:${jobId}`,
    exportByInbound: (inboundUid: string) => `${prefix}export-inbound:${inboundUid}`,
    exportUpdates: `${prefix}export-updates`,
    /** A sorted set of a user's export job ids, scored by when the user started or joined them. */
    exportsOfUser: (userUid: string) => `${prefix}export-user:${userUid}`,
    /** A set of the user uids who started or joined an export job: only they may follow or download it. */
    exportOwners: (jobId: string) => `${prefix}export-owners:${jobId}`,
    /** A bulk job (orders.bulkStart) as JSON, with its owner and runner. */
    bulkJob: (jobId: string) => `${prefix}bulk-job:${jobId}`,
    /** A sorted set of a user's bulk job ids, scored by when they started them. */
    bulkJobsOfUser: (userUid: string) => `${prefix}bulk-user:${userUid}`,
    /** A hash of the actions held for the undo window (undo.*): action id → JSON, token included. */
    pendingActions: `${prefix}pending-actions`,
    /** Keyed by a hash of the session id, so a key listing reveals no usable id. */
    session: (idHash: string) => `${prefix}session:${idHash}`,
    /** Session key hashes scored by their idle deadline: counting live sessions needs no scan. */
    sessionIndex: `${prefix}sessions`,
    signInState: (nonce: string) => `${prefix}signin-state:${nonce}`,
    /** A user's comment count in the current COMMENT_RATE_WINDOW_MS window (expires with it). */
    commentRate: (userUid: string) => `${prefix}comment-rate:${userUid}`,
    holdRate: (userUid: string) => `${prefix}hold-rate:${userUid}`,
    /** A user's follows, unfollows and read marks in the current NOTIFICATION_RATE_WINDOW_MS window. */
    notificationRate: (userUid: string) => `${prefix}notification-rate:${userUid}`,
    /** A client address's asks about backend tokens new to the gateway in the sign-in window. */
    tokenAsks: (address: string) => `${prefix}token-asks:${address}`,
    /** An account's failed password sign-ins in the current window, keyed by a keyed hash of its e-mail. */
    signInFailures: (accountHash: string) => `${prefix}signin-failures:${accountHash}`,
    /** A user's count of view changes in the current VIEWS_RATE_WINDOW_MS window (expires with it). */
    viewRate: (userUid: string) => `${prefix}view-rate:${userUid}`,
    sessionRevoked: `${prefix}session-revoked`,
    /** A hash of the orders held (orders.take): order uid → hold as JSON. */
    holds: `${prefix}holds`,
    holdUpdates: `${prefix}hold-updates`,
    /** The activity record: entries as JSON scored by when they were recorded. */
    activity: `${prefix}activity`,
    /** One order's activity entries, for its History (expires ACTIVITY_KEEP_DAYS after the last one). */
    activityOfOrder: (orderUid: string) => `${prefix}activity-order:${orderUid}`,
    activityUpdates: `${prefix}activity-updates`,
    /** A hash of a user's script tokens: session key hash → name, created, last used (never the token). */
    scriptTokens: (userUid: string) => `${prefix}script-tokens:${userUid}`,
    /** A hash of a user's saved views, by id, each as JSON. */
    viewsOf: (ownerUid: string) => `${prefix}views:${ownerUid}`,
    /** A set of the shared views, as `owner/id`. */
    viewsShared: `${prefix}views-shared`,
    /** Pub/sub: a saved view changed (any owner), so every replica's counts re-list. */
    viewUpdates: `${prefix}view-updates`,
  };
}
export type RedisKeys = ReturnType<typeof redisKeys>;
