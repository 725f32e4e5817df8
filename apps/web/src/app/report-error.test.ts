import { submitErrorReport as contractSubmitErrorReport } from '@portal/contract/web/submit-error-report';
import { describe, expect, it } from 'vitest';
import { submitErrorReport } from './report-error';

describe('the error report call', () => {
  it('is referenced by its contract’s path', () => {
    expect(submitErrorReport.path).toBe(contractSubmitErrorReport.path);
  });
});
