import { createContext, useContext, useEffect, useRef } from 'react';

/** What the company form tells the drawer's action bar: whether there is anything to save, and how to save it. */
export interface CompanyFormState {
  dirty: boolean;
  saving: boolean;
  submit: () => void;
}

interface DialogForms {
  /** The company form's state for the action bar, or null when it is not mounted or cannot be changed. */
  setCompanyForm: (state: CompanyFormState | null) => void;
  /** Every form in the drawer registers how to ask it for unsaved edits; null unregisters. */
  setDirtyCheck: (form: string, check: (() => boolean) | null) => void;
}

const NO_DIALOG: DialogForms = { setCompanyForm: () => undefined, setDirtyCheck: () => undefined };

export const DialogFormsContext = createContext<DialogForms>(NO_DIALOG);

/**
 * Lets the drawer ask `form` whether it holds unsaved edits. The answer is read from the last render, not
 * from published state, so an Escape pressed right after a keystroke still sees the edit.
 */
export function useReportDirty(form: string, dirty: boolean) {
  const { setDirtyCheck } = useContext(DialogFormsContext);
  const latest = useRef(dirty);
  latest.current = dirty;
  useEffect(() => {
    setDirtyCheck(form, () => latest.current);
    return () => setDirtyCheck(form, null);
  }, [form, setDirtyCheck]);
}

/**
 * Publishes the company form to the drawer's action bar; `submit` may change every render without
 * re-publishing. A form that cannot be changed (view only, a deleted company) publishes nothing.
 */
export function usePublishCompanyForm(editable: boolean, dirty: boolean, saving: boolean, submit: () => void) {
  const { setCompanyForm } = useContext(DialogFormsContext);
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;
  useReportDirty('company', dirty);
  useEffect(() => {
    setCompanyForm(editable ? { dirty, saving, submit: () => latestSubmit.current() } : null);
  }, [editable, dirty, saving, setCompanyForm]);
  useEffect(() => () => setCompanyForm(null), [setCompanyForm]);
}
