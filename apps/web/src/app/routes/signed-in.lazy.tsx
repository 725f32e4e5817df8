import { createLazyRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuthContext } from '../../features/auth/api';
import { ExtraCompanySections, ExtraCompanyTabs } from '../../features/companies/components/company-dialog/extra-tabs';
import { AppLayout } from '../app-layout';
import { COMPANY_DIALOG_SECTIONS } from '../company-dialog-sections';
import { COMPANY_DIALOG_TABS } from '../company-dialog-tabs';

function SignedInLayout() {
  const { data: auth } = useAuthContext();
  const router = useRouter();
  // The session can end while a page is open (expiry, logout elsewhere). Re-running the route guard (signed-in.tsx)
  // sends the user to /login with this page in redirect_to, exactly as a fresh visit would.
  useEffect(() => {
    if (auth === null) void router.invalidate();
  }, [auth, router]);
  if (!auth) return null;
  // Other features' tabs in the company dialog, wherever it opens.
  return (
    <ExtraCompanyTabs value={COMPANY_DIALOG_TABS}>
      <ExtraCompanySections value={COMPANY_DIALOG_SECTIONS}>
        <AppLayout auth={auth} />
      </ExtraCompanySections>
    </ExtraCompanyTabs>
  );
}

export const Route = createLazyRoute('/signed-in')({ component: SignedInLayout });
