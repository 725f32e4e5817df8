/**
 * The servers domain's public functions (rank 8): self-hosted licences and hosted consoles. Nothing ranks above it but reports and
 * admin tools; the test factories make licences through here.
 */
export { createLicence } from './licences.ts';
export { checkIn, CHECK_IN_REFUSALS, LEASE_GRACE_DAYS } from './check-in.ts';
export { licenceKey } from './signing.ts';
export { LOGS_KEPT } from './queries.ts';
export { createHosted, HOSTED_OWNER_KIND } from './hosted.ts';
export { advanceHosted, hostedProvisionerJob } from './hosted-job.ts';
export { localProvisioner, type Provisioner } from './provisioner.ts';
