/** The servers domain's scheduled job, for the app's job list: hosted consoles move on as the provisioner says (decision 0048). */
export { hostedProvisionerJob } from './hosted-job.ts';
