import type { ServiceKind } from '@portal/contract/billing/fields';
import { formatBytes } from './bytes';

const STORAGE_KINDS: readonly ServiceKind[] = ['storage', 'storage_legacy', 'hosted_server_storage_legacy'];

/** The service kinds in the screens' words (sentence case; product names as the spec spells them). */
export const SERVICE_KIND_LABEL: Record<ServiceKind, string> = {
  device: 'Devices',
  booster: 'Boosters',
  hosted_server: 'Hosted server',
  serial: 'Self-hosted server licence',
  cloudview: 'CloudView',
  storage: 'Storage',
  account: 'Account',
  storage_legacy: 'Storage (legacy)',
  hosted_server_storage_legacy: 'Hosted server storage (legacy)',
};

/**
 * A company runs a server once it has a self-hosted licence or a hosted server among its services, or devices
 * or boosters, which back up only to a server.
 */
export function hasServers(services: readonly { type: ServiceKind }[]): boolean {
  return services.some((service) => ['serial', 'hosted_server', 'device', 'booster'].includes(service.type));
}

/** 'Every day', 'Every 30 days': the billing cycle of a service. */
export function billingCycleText(days: number): string {
  return days === 1 ? 'Every day' : `Every ${days} days`;
}

/** A service's quantity in its unit: storage is counted in bytes and shown as such ('3.2 TB'). */
export function quantityText(service: { type: ServiceKind; quantity: number }): string {
  return STORAGE_KINDS.includes(service.type) ? formatBytes(service.quantity) : service.quantity.toLocaleString('en-US');
}
