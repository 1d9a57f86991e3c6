import {
  bulkExpectedSchema,
  bulkOrderActionSchema,
  changeOrderStatusInputSchema,
  reissueLabelInputSchema,
} from '@waybill/contracts';
import { z } from 'zod';
import type { DataSection } from '../storage/data-store.js';
import { DURABLE } from '../storage/data-store.js';
import { parseKept } from '../storage/parse-kept.js';

/** The order's reference when it was read at hold time, so a `not-sent` notification can name it. */
const reference = z.string().nullable().optional();

const workSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status'), input: changeOrderStatusInputSchema, reference }),
  z.object({ kind: z.literal('reissue'), input: reissueLabelInputSchema, reference }),
  z.object({
    kind: z.literal('bulk'),
    jobId: z.string(),
    action: bulkOrderActionSchema,
    uids: z.array(z.string()),
    expected: bulkExpectedSchema.optional(),
  }),
]);
export type PendingWork = z.infer<typeof workSchema>;

const pendingActionSchema = z.object({
  actionId: z.string(),
  ownerUid: z.string(),
  /** The caller's backend token: the action is sent as them, even by a gateway started after. */
  token: z.string(),
  commitAt: z.number(),
  work: workSchema,
});
export type PendingAction = z.infer<typeof pendingActionSchema>;

export const parsePendingAction = (raw: string): PendingAction | null => parseKept(pendingActionSchema, raw);

/**
 * Actions waiting out their undo window. In the embedded store on one replica, in Redis with several
 * (scale/redis-pending-action-store.ts), so a restart in the window still sends them. `take` is the
 * one way out, atomic in both: whoever takes an action (its undo, or one replica's commit) is the
 * only one to get it, so an action is sent at most once and never after its undo.
 */
export interface PendingActionStore {
  put(action: PendingAction): Promise<void>;
  take(actionId: string): Promise<PendingAction | null>;
  all(): Promise<PendingAction[]>;
}

/** One process's pending actions, written through (fsync'd) to the embedded store. */
export class DiskPendingActionStore implements PendingActionStore {
  /** Ids being taken: the read and the delete are two steps, and no second taker may slip between. */
  private readonly taking = new Set<string>();

  constructor(private readonly section: DataSection) {}

  async put(action: PendingAction): Promise<void> {
    await this.section.put(action.actionId, JSON.stringify(action), DURABLE);
  }

  async take(actionId: string): Promise<PendingAction | null> {
    if (this.taking.has(actionId)) return null;
    this.taking.add(actionId);
    try {
      const raw = await this.section.get(actionId);
      if (raw === undefined) return null;
      await this.section.del(actionId, DURABLE);
      return parsePendingAction(raw);
    } finally {
      this.taking.delete(actionId);
    }
  }

  async all(): Promise<PendingAction[]> {
    const found: PendingAction[] = [];
    for await (const raw of this.section.values()) {
      const action = parsePendingAction(raw);
      if (action) found.push(action);
    }
    return found;
  }
}
