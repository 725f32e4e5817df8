/**
 * The customer portal domain's API for other domains (rank 8; CloudView, docs/decisions/0057): none of them
 * needs anything of it, so it exports nothing. The app installs the local instances' routes and provisioner
 * through wiring.ts, and the job list runs the provisioner job from jobs.ts.
 */
export {};
