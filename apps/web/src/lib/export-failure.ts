import { errorLimit, errorMessage } from './errors.js';

/**
 * The console's words for a failed export. The job's reason code picks the message; the server's
 * own text (`error`) only goes to the development log.
 */
export const EXPORT_FAILURE_TEXT = {
  rejected: 'The backend could not produce the file.',
  unreachable: 'The backend could not be reached while the file was being made.',
  timed_out: 'The file took too long to make.',
  no_file: 'The backend finished without a file.',
  lost: 'The server no longer knows this export.',
  generic: 'The backend could not finish the report; try again.',
} as const;

export type ExportFailureCode = Exclude<keyof typeof EXPORT_FAILURE_TEXT, 'generic'>;

export function exportFailureText(failure: string | null | undefined): string {
  return failure && Object.hasOwn(EXPORT_FAILURE_TEXT, failure) && failure !== 'generic'
    ? EXPORT_FAILURE_TEXT[failure as ExportFailureCode]
    : EXPORT_FAILURE_TEXT.generic;
}

/** The gateway refuses a new export past the most one person may have running (EXPORT_JOBS_RUNNING_PER_USER). */
export const EXPORTS_FULL_TEXT =
  'You have as many exports running as one person may: wait for one in the export tray to finish, then try again.';

/** The console's words for an export the gateway would not start. */
export function exportStartRefusal(error: unknown): string {
  if (errorLimit(error) === 'EXPORT_JOBS_RUNNING_PER_USER') return EXPORTS_FULL_TEXT;
  return errorMessage(error, 'The export could not be started.');
}
