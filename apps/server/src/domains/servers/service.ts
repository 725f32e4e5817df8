/**
 * The servers domain's API for other domains (rank 8): none of them needs anything of it yet, so it exports
 * nothing. The hosted consoles' provisioner job is in jobs.ts.
 */
export {};
