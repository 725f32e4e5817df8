// The auth domain's scheduled jobs, listed in the app's jobs.ts.
export { purgeUsedChallenges } from './bot-challenge.ts';
