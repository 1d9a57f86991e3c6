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
  };
}
export type RedisKeys = ReturnType<typeof redisKeys>;
