/**
 * The customer portal domain's public functions (rank 8; CloudView, docs/decisions/0057): the app installs the local
 * instances' routes and the jobs list runs the provisioner.
 */
export { installLocalPortal } from './local-portal.ts';
export { portalProvisionerJob } from './job.ts';
export { localPortalProvisioner, type PortalProvisioner } from './provisioner.ts';
