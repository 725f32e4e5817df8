/**
 * Billing's API for other domains (rank 7). Product domains start, resize and stop services and read balances
 * here, inside their own call's transaction; billing never reads their tables (docs/decisions/0010). Every
 * ledger write other domains make goes through these functions. Each takes the call's context and one input
 * object, so a caller reads the same shape everywhere; the scheduled jobs are in jobs.ts.
 */
import type { CallContext, PublicContext } from '../../platform/context.ts';
import type * as tenancy from '../tenancy/service.ts';
import * as charging from './charging.ts';
import * as credit from './credit-state.ts';
import { dayOf, startOfDay } from './days.ts';
import * as estimates from './estimates.ts';
import * as figures from './figures.ts';
import * as ledger from './ledger.ts';
import * as reads from './reads.ts';
import * as refunds from './refunds.ts';
import * as registry from './service-registry.ts';

export type { Estimates } from './estimates.ts';
export type { CompanyFigures } from './figures.ts';
export type { NewCredit, PackRow } from './ledger.ts';
export type { DailyStatsInput, NewServiceInput, OwnerRef, ServiceRef, ServiceRow } from './service-registry.ts';
export type { ReportedDevice } from './refunds.ts';

type CompanyInput = { companyId: number };

// Services: the product domains' only way to start, change and stop what billing charges for.

/** Starts a service for a product's resource; the daily run charges it from today. */
export function startService(ctx: CallContext, input: registry.NewServiceInput) {
  return registry.startService(ctx, input);
}

/** Changes what a running service counts (a resized bucket, more serials); the next charge uses it. */
export function resizeService(
  ctx: CallContext,
  input: { ref: registry.ServiceRef; changes: Parameters<typeof registry.resizeService>[2] },
) {
  return registry.resizeService(ctx, input.ref, input.changes);
}

/** Stops a running service: it is not charged again. Stopping one already stopped answers null. */
export function stopService(ctx: CallContext, input: registry.ServiceRef) {
  return registry.stopService(ctx, input);
}

/** The company's running services. */
export function runningServices(ctx: Pick<CallContext, 'db'>, input: CompanyInput) {
  return registry.runningServices(ctx, input.companyId);
}

/** The plans, for a product that sizes what it starts by the company's plan. */
export function listPlans(ctx: Pick<CallContext, 'db'>) {
  return registry.listPlans(ctx);
}

/** A day's figures a product reports for a company (devices, boosters, consoles, portals); charges are made from them. */
export function recordDailyStats(ctx: PublicContext, input: registry.DailyStatsInput) {
  return registry.recordDailyStats(ctx, input);
}

/** The storage product's daily stored bytes for many companies at once (the utilization job's batch). */
export function recordStorageAmounts(
  ctx: PublicContext,
  input: { rows: { company_id: number; date: string; storage_amount_bytes: number }[] },
) {
  return registry.recordStorageAmounts(ctx, input.rows);
}

/** What a company's server reports of its devices; answers the keys newly marked deleted. */
export function devicesReported(ctx: PublicContext, input: Parameters<typeof refunds.devicesReported>[1]) {
  return refunds.devicesReported(ctx, input);
}

/** One device seen (the fleets tests and the seed build). */
export function deviceSeen(ctx: PublicContext, input: Parameters<typeof refunds.deviceSeen>[1]) {
  return refunds.deviceSeen(ctx, input);
}

/** One device deleted from its server; true when it was present. */
export function deviceRemoved(ctx: PublicContext, input: Parameters<typeof refunds.deviceRemoved>[1]) {
  return refunds.deviceRemoved(ctx, input);
}

// Charging: the daily run in the caller's transaction, and one service at its start.

/** Charges one service for today now, if it is due; answers whether a usage row was written. */
export function chargeServiceNow(ctx: CallContext, input: { serviceId: number }) {
  return charging.chargeServiceNow(ctx, input.serviceId);
}

/** Runs the daily charges up to `day` (today by default) in the caller's transaction; answers the usage rows written. */
export function runDailyCharging(ctx: CallContext, input: { day?: string; batch?: number } = {}) {
  return charging.runDailyCharging(ctx, input.day, input.batch);
}

// The ledger.

/** Adds a credit pack (a payment, a promotion, an admin's grant); a company suspended for credit comes back. */
export function addCredit(ctx: CallContext, input: ledger.NewCredit) {
  return ledger.addCredit(ctx, input);
}

/** Expires a credit pack now; what is left of it leaves the balance. */
export function expireCreditPack(ctx: PublicContext, input: { packId: number }) {
  return ledger.expireCreditPack(ctx, input.packId);
}

/** The company's balance in cents. */
export function balanceOf(ctx: PublicContext, input: CompanyInput) {
  return ledger.balanceOf(ctx, input.companyId);
}

/** The balance with what the recent charges say of it: run rate, monthly and weekly estimates, days remaining. */
export function estimatesOf(ctx: PublicContext, input: CompanyInput) {
  return estimates.estimatesOf(ctx, input.companyId);
}

/** A company's devices and boosters online, hosted consoles billed and balance, as every screen shows them. */
export function companyFigures(ctx: PublicContext, input: CompanyInput) {
  return figures.companyFigures(ctx, input.companyId);
}

/** The newest daily figures a company's servers reported, or null. */
export function latestDailyStats(ctx: CallContext, input: CompanyInput) {
  return reads.latestDailyStats(ctx, input.companyId);
}

/** A credit pack as the customer's screens show it, as of now. */
export function creditPackView(ctx: Pick<CallContext, 'clock'>, input: { pack: ledger.PackRow }) {
  return reads.packView(input.pack, ctx.clock.now());
}

/** Checks the ledger's sums (up to `limit` mismatches); answers the mismatches found, none when it holds. */
export function verifyLedger(ctx: Pick<CallContext, 'db'>, input: { limit?: number } = {}) {
  return ledger.verifyLedger(ctx, input.limit);
}

// Credit and the company's lifecycle (docs/decisions/0010): the companies domain asks, billing answers.

/** Companies whose balance ran out, for the lifecycle's suspension sweep (up to `limit`). */
export function companiesOutOfCredit(ctx: Pick<CallContext, 'db'>, input: { limit: number }) {
  return credit.companiesOutOfCredit(ctx, input.limit);
}

/** Companies suspended for credit that have credit again (up to `limit`). */
export function companiesCreditRestored(ctx: Pick<CallContext, 'db'>, input: { limit: number }) {
  return credit.companiesCreditRestored(ctx, input.limit);
}

/** Whether the company is out of credit now (a prepaid company with nothing left). */
export function isOutOfCredit(ctx: CallContext, input: CompanyInput) {
  return credit.isOutOfCredit(ctx, input.companyId);
}

/** Whether the company carries the mark of a suspension for balance. */
export function isSuspendedForCredit(ctx: Pick<CallContext, 'db'>, input: CompanyInput) {
  return credit.isSuspendedForCredit(ctx, input.companyId);
}

/** Marks the company suspended for balance (the lifecycle's sweep) or no longer for it (staff took the suspension over). */
export function markSuspendedForCredit(ctx: CallContext, input: CompanyInput & { suspended: boolean }) {
  return credit.markSuspendedForCredit(ctx, input.companyId, input.suspended);
}

/** Brings a company suspended for credit back to ACTIVE if it has credit again; answers whether it did. */
export function restoreIfCredited(ctx: CallContext, input: { company: tenancy.CompanyRow }) {
  return credit.restoreIfCredited(ctx, input.company);
}

// Billing days: calendar days in Pacific/Auckland (docs/decisions/0019).

/** The billing day (YYYY-MM-DD) of `at`, now by default. */
export function billingDayOf(ctx: Pick<CallContext, 'clock'>, input: { at?: Date } = {}) {
  return dayOf(input.at ?? ctx.clock.now());
}

/** The moment a billing day begins. */
// biome-ignore lint/correctness/noUnusedFunctionParameters: every function of a domain's API takes the call's context first, this pure one too
export function billingDayStart(ctx: Pick<CallContext, 'clock'>, input: { day: string }) {
  return startOfDay(input.day);
}
