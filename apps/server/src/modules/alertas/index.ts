export { CODE_ALERT_INTERVAL_MS, CODE_ALERTS_JOB_MS, runCodeAlerts } from './alert-job.ts';
export { ACCESS_LOG_PATH, sendLocationAlert } from './alert-send.ts';
