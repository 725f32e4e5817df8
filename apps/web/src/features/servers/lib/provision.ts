/** /provision_server's phases (spec-2 §2.11, §9): a 60 s countdown, then 30 s still building, then failed. */
export const COUNTDOWN_SECONDS = 60;
export const BUILDING_SECONDS = 30;

export type ProvisionPhase =
  | { kind: 'countdown'; secondsLeft: number }
  | { kind: 'building' }
  | { kind: 'failed' }
  | { kind: 'ready'; hostedServerId: number };

/** Where the screen is, from the seconds since it opened and the task as last polled. */
export function provisionPhase(
  elapsedSeconds: number,
  task: { status: 'running' | 'success' | 'error'; data: { completed_at: string | null; hosted_server_id: number } } | undefined,
): ProvisionPhase {
  if (task?.data.completed_at) {
    return task.status === 'success' ? { kind: 'ready', hostedServerId: task.data.hosted_server_id } : { kind: 'failed' };
  }
  if (elapsedSeconds < COUNTDOWN_SECONDS) return { kind: 'countdown', secondsLeft: COUNTDOWN_SECONDS - Math.floor(elapsedSeconds) };
  if (elapsedSeconds < COUNTDOWN_SECONDS + BUILDING_SECONDS) return { kind: 'building' };
  return { kind: 'failed' };
}

/** The console's sign-in page. */
export const consoleLoginUrl = (userDns: string) => `https://${userDns}/`;
