// Wiring for the composition root (app.ts, the seed, the test harness), needed before any call context exists:
// the session a request's cookie names, resolved into its actor, and sessions made without a sign-in call.
export { SessionCache } from './session-cache.ts';
export { createSession, resolveActor } from './session-start.ts';
