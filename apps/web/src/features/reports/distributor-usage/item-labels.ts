import type { UsageItem, UsageItemType } from '@portal/contract/reports/distributor-usage';

/** Spec-2 §3's names of the item types. */
export const ITEM_TYPE_LABELS: Record<UsageItemType, string> = {
  device: 'Device',
  booster: 'Booster',
  serial: 'Serial',
  hosted_server: 'Hosted server',
  storage: 'Storage',
  storage_legacy: 'Storage legacy',
  cloudview: 'CloudView',
  account: 'Account',
};

const BOOSTER_LABELS: Record<string, string> = {
  microsoft365: 'Microsoft 365',
  disk_image: 'Disk image',
  mssql: 'Microsoft SQL Server',
  hyperv: 'Hyper-V',
  vmware: 'VMware',
  proxmox: 'Proxmox',
};

export function itemLabel(item: Pick<UsageItem, 'type' | 'booster_type'>): string {
  const type = ITEM_TYPE_LABELS[item.type];
  return item.booster_type ? `${type}: ${BOOSTER_LABELS[item.booster_type] ?? item.booster_type}` : type;
}

const GB = 1_000_000_000;

/** Storage counts bytes; everything else counts units. */
export function itemCount(item: Pick<UsageItem, 'type' | 'count'>): string {
  if (item.type === 'storage' || item.type === 'storage_legacy')
    return `${(item.count / GB).toLocaleString('en-US', { maximumFractionDigits: 1 })} GB`;
  return item.count.toLocaleString('en-US');
}
