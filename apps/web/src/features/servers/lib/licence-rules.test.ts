import { LICENCE_FAILURES } from '@portal/contract/servers/licences';
import { describe, expect, it } from 'vitest';
import {
  calculatorPayload,
  displayName,
  failureText,
  featureDisabled,
  limitsEditable,
  lastCheckInText,
  lockQuestion,
  lockText,
  toggleFeature,
  versionColour,
} from './licence-rules';

describe('licence rules on /my_servers', () => {
  it('puts the server’s message after the spec’s failure sentence', () => {
    expect(failureText('rename', 'Licence not found')).toBe(
      'Failed to rename the licence. Please try again or contact support for assistance. Licence not found',
    );
    expect(failureText('archive', undefined)).toBe(LICENCE_FAILURES.archive);
    expect(failureText('create', 'Your plan allows 1')).toBe('There was an issue generating your license: Your plan allows 1');
    expect(failureText('create', '')).toBe('There was an issue generating your license: Unknown Error');
  });

  it('names a row by its name, or its serial when unnamed', () => {
    expect(displayName({ name: 'Rack', serial_number: 'S' })).toBe('Rack');
    expect(displayName({ name: '', serial_number: 'S' })).toBe('S');
  });

  it('describes the lock: * unlocked, ANY locked on first use, a bound address with its hardware ID', () => {
    expect(lockText({ allowed_ip_address: '*', allowed_machine_id: '' })).toBe('Unlocked');
    expect(lockText({ allowed_ip_address: 'ANY', allowed_machine_id: '' })).toBe('Locked on first use');
    expect(lockText({ allowed_ip_address: '203.0.113.1', allowed_machine_id: 'box-1' })).toBe('203.0.113.1 (box-1)');
  });

  it('names where the latest check-in came from, and what the lock switch binds the licence to', () => {
    const row = { name: 'Rack', serial_number: 'S', last_ip_address: '203.0.113.40', last_machine_id: 'rack-7' };
    expect(lastCheckInText(row)).toBe('203.0.113.40 (rack-7)');
    expect(lastCheckInText({ ...row, last_ip_address: '' })).toBe('');
    expect(lockQuestion(row, true)).toEqual({
      title: 'Lock Rack?',
      message:
        'It binds to the next server that checks in: normally the one that last did, at 203.0.113.40 (rack-7). Any other server is refused until you relax the licence.',
      yesLabel: 'Lock',
    });
    expect(lockQuestion({ ...row, last_ip_address: '' }, true).message).toContain('the first server that checks in');
    expect(lockQuestion(row, false)).toMatchObject({ title: 'Unlock Rack?', yesLabel: 'Unlock' });
  });

  it('colours outdated versions: major or minor red, patch orange, current plain', () => {
    expect(versionColour('major')).toBe('red');
    expect(versionColour('minor')).toBe('red');
    expect(versionColour('patch')).toBe('orange');
    expect(versionColour(null)).toBeUndefined();
  });
});

describe('payload calculator', () => {
  const start = { features: 4, minimum_version: '24.0.0', limits: {} };

  it('ALL FEATURES disables and clears the other features', () => {
    const all = toggleFeature(start, 1, true);
    expect(all.features).toBe(1);
    expect(featureDisabled(all, 2)).toBe(true);
    expect(featureDisabled(all, 1)).toBe(false);
    expect(featureDisabled(start, 2)).toBe(false);
  });

  it('limits are editable only with OFFLINE, and only then reach the payload', () => {
    expect(limitsEditable(start)).toBe(false);
    const offline = toggleFeature(start, 2, true);
    expect(limitsEditable(offline)).toBe(true);
    expect(calculatorPayload({ ...offline, limits: { max_devices: 10 } })).toBe('6|24.0.0|{"max_devices":10}');
    expect(calculatorPayload({ ...start, limits: { max_devices: 10 } })).toBe('4|24.0.0|{}');
    expect(limitsEditable(toggleFeature(offline, 1, true))).toBe(false);
  });
});
