/** The customer portal's part of the app's wiring: the local instances' routes and the embedded provisioner. */
export { installLocalPortal } from './local-portal.ts';
export { localPortalProvisioner, type PortalProvisioner } from './provisioner.ts';
