import type { Inbound } from '@waybill/contracts';
import { Download } from 'lucide-react';
import { Button, Modal } from '../../../components/index.js';
import { useExportJobs } from '../../../hooks/use-export-jobs.js';
import { useInboundExport } from '../api/use-inbound-export.js';
import type { InboundReference } from '../api/use-reference.js';
import styles from './inbound-modals.module.css';
import { InboundSummary } from './inbound-summary.js';

export interface ExportModalProps {
  inbound: Inbound | undefined;
  reference: InboundReference;
  onClose: () => void;
}

/**
 * 'Export Inbound': EXPORT starts the gateway job, a progress bar follows it, the file downloads.
 * Closing it mid-export leaves the job to the export tray in the header.
 */
export function ExportModal({ inbound, reference, onClose }: ExportModalProps) {
  if (!inbound) return null;
  return <ExportModalBody inbound={inbound} reference={reference} onClose={onClose} />;
}

function ExportModalBody({
  inbound,
  reference,
  onClose,
}: { inbound: Inbound } & Omit<ExportModalProps, 'inbound'>) {
  const { view, run, busy } = useInboundExport(inbound.uid, onClose);
  const inTray = useExportJobs() !== null;
  const showProgress = view.phase === 'running' || view.phase === 'done';
  return (
    <Modal
      open
      title="Export Inbound"
      onClose={onClose}
      testId="modal-export"
      footer={
        <div className={styles.buttons}>
          <Button
            variant="primary"
            loading={busy}
            disabled={view.phase === 'done'}
            onClick={() => void run()}
          >
            <Download size={14} aria-hidden />
            EXPORT
          </Button>
          <Button onClick={onClose}>CLOSE</Button>
        </div>
      }
    >
      <InboundSummary inbound={inbound} reference={reference} />
      <p className={styles.text}>The Excel file containing all the inbound details is ready for download.</p>
      <p className={styles.text}>Please click the button below to proceed with your download.</p>
      {showProgress ? (
        <div className={styles.progress}>
          <div
            className={styles.track}
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(view.progress)}
          >
            <div className={styles.fill} style={{ width: `${Math.min(100, Math.max(0, view.progress))}%` }} />
          </div>
          <span>{Math.round(view.progress)}%</span>
        </div>
      ) : null}
      {view.phase === 'running' && inTray ? (
        <p className={styles.text} data-testid="export-continues">
          You can close this window: the export keeps running, and the file will be in Exports at the top of
          the page.
        </p>
      ) : null}
      {view.phase === 'done' && view.downloadPath ? (
        <p className={styles.text} role="status">
          Export ready.{' '}
          <a className={styles.download} href={view.downloadPath} target="_blank" rel="noopener" download>
            Download again
          </a>
        </p>
      ) : null}
      {view.phase === 'failed' ? (
        <p className={styles.error} role="alert">
          Export failed: {view.error}
        </p>
      ) : null}
    </Modal>
  );
}
