/** The storage domain's scheduled job, for the app's job list: what each account stores, per region and day (decision 0055). */
export { UTILIZATION_JOB, utilizationJob } from './utilization.ts';
