export { type ExportJob, ExportJobsProvider, useExportJobs } from './api/export-jobs-provider.js';
export { ExportTray } from './components/export-tray.js';
export { EXPORT_FAILURE_TEXT, exportFailureText } from './lib/export-failure.js';
