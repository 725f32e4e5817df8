/** The customer portal's scheduled job, for the app's job list: builds and removals move on as the provisioner says. */
export { portalProvisionerJob } from './job.ts';
