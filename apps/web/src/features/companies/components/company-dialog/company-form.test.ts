import { NULL_MARKER } from '@portal/contract/shared/fields';
import { describe, expect, it } from 'vitest';
import { companyDetail } from './company-detail.fixture';
import { buildCompanyPatch, formValuesOf, isDirty, isReadOnly, metadataLabel } from './company-form';

describe('company form', () => {
  it('is dirty only once a value differs from the loaded company', () => {
    const initial = formValuesOf(companyDetail());
    expect(isDirty(initial, { ...initial })).toBe(false);
    expect(isDirty(initial, { ...initial, city: 'Perth' })).toBe(true);
  });

  it('sends only changed fields, and an emptied nullable text as the NUL marker', () => {
    const initial = formValuesOf(companyDetail({ custom_metadata_1: 'PO 1', notes: 'old' }));
    const patch = buildCompanyPatch(7, initial, { ...initial, city: 'Perth', custom_metadata_1: '', notes: '' }, 'admin');
    expect(patch).toEqual({ target_id: 7, target_plan_force: false, city: 'Perth', custom_metadata_1: NULL_MARKER, notes: NULL_MARKER });
  });

  it("leaves admin-only fields out of a distributor's patch", () => {
    const initial = formValuesOf(companyDetail());
    const patch = buildCompanyPatch(7, initial, { ...initial, city: 'Perth', is_vip: true, notes: 'x' }, 'distributor');
    expect(patch).toEqual({ target_id: 7, city: 'Perth' });
  });

  it('is read-only for deleted and migrated companies', () => {
    expect(isReadOnly({ current_state: 'DELETED' })).toBe(true);
    expect(isReadOnly({ current_state: 'MIGRATED' })).toBe(true);
    expect(isReadOnly({ current_state: 'PENDING_DELETE' })).toBe(false);
  });

  it('labels custom metadata from the distributor, or by number', () => {
    expect(metadataLabel(['PO number', null, null], 0)).toBe('PO number');
    expect(metadataLabel(['PO number', null, null], 1)).toBe('Custom metadata 2');
  });
});
