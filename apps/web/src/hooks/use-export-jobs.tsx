import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { logErrorDetail } from '../lib/errors.js';
import { type RouterOutputs, useTRPC } from '../lib/trpc.js';

type GatewayJob = RouterOutputs['inbounds']['export']['list']['jobs'][number];

/** A job as the tray shows it; `lost` when the server no longer knows a job it was following. */
export type ExportJob = Omit<GatewayJob, 'failure'> & { failure: GatewayJob['failure'] | 'lost' };

export interface ExportJobs {
  /** Newest first. */
  jobs: ExportJob[];
  /**
   * Starts an export (or joins the running one for this inbound); rejects when it cannot start.
   * `replaces`: a failed job this one retries, dropped from the list once the retry started.
   */
  start(inboundUid: string, replaces?: string): Promise<ExportJob>;
}

const ExportJobsContext = createContext<ExportJobs | null>(null);

/** The signed-in user's exports, when the tray is mounted (null in a bare screen, as in unit tests). */
export function useExportJobs(): ExportJobs | null {
  return useContext(ExportJobsContext);
}

function newestFirst(jobs: Map<string, ExportJob>): ExportJob[] {
  return [...jobs.values()].sort((a, b) => b.startedAt - a.startedAt);
}

/**
 * Keeps the user's exports across screens: the gateway's list (running and recent jobs) when the
 * console opens, so a reload or a new tab re-attaches; every job started here; and one progress
 * subscription per running job, so a job keeps reporting after its modal closed. No polling timer:
 * progress only arrives over the websocket.
 */
export function ExportJobsProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const [jobs, setJobs] = useState<Map<string, ExportJob>>(() => new Map());
  const listed = useQuery(
    trpc.inbounds.export.list.queryOptions(undefined, {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: 1,
    }),
  );
  const startMutation = useMutation(trpc.inbounds.export.start.mutationOptions());

  const upsert = useCallback((job: ExportJob) => {
    setJobs((current) => {
      const known = current.get(job.jobId);
      // A late list answer or a replayed message never takes a job back to an older state.
      if (known && known.updatedAt > job.updatedAt) return current;
      const next = new Map(current);
      next.set(job.jobId, job);
      return next;
    });
  }, []);

  useEffect(() => {
    for (const job of listed.data?.jobs ?? []) upsert(job);
  }, [listed.data, upsert]);

  const start = useCallback(
    async (inboundUid: string, replaces?: string) => {
      const job = await startMutation.mutateAsync({ uid: inboundUid });
      upsert(job);
      if (replaces && replaces !== job.jobId) {
        setJobs((current) => {
          const next = new Map(current);
          next.delete(replaces);
          return next;
        });
      }
      return job;
    },
    [startMutation.mutateAsync, upsert],
  );

  const value = useMemo<ExportJobs>(() => ({ jobs: newestFirst(jobs), start }), [jobs, start]);
  const running = value.jobs.filter((j) => j.status === 'running');
  return (
    <ExportJobsContext.Provider value={value}>
      {running.map((job) => (
        <JobProgress key={job.jobId} job={job} onState={upsert} />
      ))}
      {children}
    </ExportJobsContext.Provider>
  );
}

/** One running job's progress subscription (renders nothing). */
function JobProgress({ job, onState }: { job: ExportJob; onState: (job: ExportJob) => void }) {
  const trpc = useTRPC();
  useSubscription(
    trpc.inbounds.export.progress.subscriptionOptions(
      job.status === 'running' ? { jobId: job.jobId } : skipToken,
      {
        onData: ({ data }) => onState(data),
        onError: (error) => {
          logErrorDetail('Export progress failed', error);
          onState({ ...job, status: 'failed', failure: 'lost', updatedAt: Date.now() });
        },
      },
    ),
  );
  return null;
}
