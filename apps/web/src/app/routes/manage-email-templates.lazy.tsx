import { createLazyRoute } from '@tanstack/react-router';
import { EmailTemplatesPage } from '../../features/notifications/components/email-templates-page';

export const Route = createLazyRoute('/signed-in/manage_email_templates')({ component: EmailTemplatesPage });
