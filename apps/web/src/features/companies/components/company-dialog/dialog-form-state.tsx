import { createContext, useContext, useEffect, useRef } from 'react';

/** What the company form tells the drawer's action bar: whether there is anything to save, and how to save it. */
export interface CompanyFormState {
  dirty: boolean;
  saving: boolean;
  submit: () => void;
}

interface DialogForms {
  /** The company form's state, or null when it is not mounted. */
  setCompanyForm: (state: CompanyFormState | null) => void;
  /** Other forms in the drawer (distributor settings) report only whether they hold unsaved edits. */
  setDirty: (form: string, dirty: boolean) => void;
}

const NO_DIALOG: DialogForms = { setCompanyForm: () => undefined, setDirty: () => undefined };

export const DialogFormsContext = createContext<DialogForms>(NO_DIALOG);

/**
 * Publishes the company form to the drawer's action bar; `submit` may change every render without
 * re-publishing. A form that cannot be changed (view only, a deleted company) publishes nothing.
 */
export function usePublishCompanyForm(editable: boolean, dirty: boolean, saving: boolean, submit: () => void) {
  const { setCompanyForm } = useContext(DialogFormsContext);
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;
  useEffect(() => {
    setCompanyForm(editable ? { dirty, saving, submit: () => latestSubmit.current() } : null);
  }, [editable, dirty, saving, setCompanyForm]);
  useEffect(() => () => setCompanyForm(null), [setCompanyForm]);
}

/** Tells the drawer that `form` holds unsaved edits, so closing asks first. */
export function useReportDirty(form: string, dirty: boolean) {
  const { setDirty } = useContext(DialogFormsContext);
  useEffect(() => {
    setDirty(form, dirty);
    return () => setDirty(form, false);
  }, [form, dirty, setDirty]);
}
