import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { createContext, type ReactNode } from 'react';
import type { CompanyViewer } from '../../api';

/** Who is looking: an admin who may change the company, or a reader (support, sales, a distributor). */
export interface TabViewer {
  viewer: CompanyViewer;
  /** An admin who may change the company (not support or sales reading it). */
  isAdmin: boolean;
}

/**
 * A tab another feature adds to the company dialog (billing's Manage services and Manage credit): the app
 * composes them, since a feature may not reach into another's components. They sit between Manage users
 * and History, in the order given.
 */
export interface ExtraCompanyTab {
  value: string;
  label: string;
  shows: (company: CompanyDetail, viewer: TabViewer) => boolean;
  render: (company: CompanyDetail, viewer: TabViewer) => ReactNode;
}

export const ExtraCompanyTabs = createContext<readonly ExtraCompanyTab[]>([]);

/**
 * A section another feature adds to the Overview tab (the customer portal's, decision 0057), after the admin
 * sections and before the danger zone; it acts at once, outside the edit form.
 */
export interface ExtraCompanySection {
  value: string;
  shows: (company: CompanyDetail, viewer: TabViewer) => boolean;
  render: (company: CompanyDetail, viewer: TabViewer) => ReactNode;
}

export const ExtraCompanySections = createContext<readonly ExtraCompanySection[]>([]);
