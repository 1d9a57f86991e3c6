/** Every key the gateway keeps in Redis, under one prefix so deployments can share a server. */
export function redisKeys(prefix = 'waybill:') {
  return {
    lease: `${prefix}poll:lease`,
    epoch: `${prefix}poll:epoch`,
    cursor: `${prefix}poll:cursor`,
    changes: `${prefix}changes`,
    exportJob: (jobId: string) => `${prefix}export:${jobId}`,
    exportByInbound: (inboundUid: string) => `${prefix}export-inbound:${inboundUid}`,
    exportUpdates: `${prefix}export-updates`,
    /** Keyed by a hash of the session id, so a key listing reveals no usable id. */
    session: (idHash: string) => `${prefix}session:${idHash}`,
    signInState: (nonce: string) => `${prefix}signin-state:${nonce}`,
    sessionRevoked: `${prefix}session-revoked`,
  };
}
export type RedisKeys = ReturnType<typeof redisKeys>;
