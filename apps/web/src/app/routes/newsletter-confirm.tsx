import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { newsletterCopy } from '@shop/shared/copy/newsletter';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { useConfirmNewsletter } from '../../features/newsletter/api/newsletter';
import { NewsletterLinkPanel } from '../../features/newsletter/components/newsletter-link-panel';

const t = newsletterCopy;

/**
 * Issue #39 (decision 186): the link of the double opt-in e-mail. The page confirms once it runs in the browser
 * (the server only renders "Confirming…"), so a mail scanner that fetches the link without running it confirms
 * nobody; the token works once.
 */
export default function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmNewsletter();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, [token]);

  const head = <PageHead title={t.confirmTitle} description={t.confirmTitle} path={paths.newsletterConfirm} noindex />;
  if (!token) {
    return (
      <>
        {head}
        <NewsletterLinkPanel tone="error" heading={t.confirmFailedHeading}>
          <p role="alert">{t.noToken}</p>
        </NewsletterLinkPanel>
      </>
    );
  }
  if (confirm.isSuccess) {
    return (
      <>
        {head}
        <NewsletterLinkPanel tone="success" heading={t.confirmedHeading}>
          <p>{t.confirmed(confirm.data.email)}</p>
          <p className="text-base">{t.confirmedUnsubscribeHint}</p>
        </NewsletterLinkPanel>
      </>
    );
  }
  if (confirm.isError) {
    return (
      <>
        {head}
        <NewsletterLinkPanel tone="error" heading={t.confirmFailedHeading}>
          <p role="alert">{confirm.error.message}</p>
        </NewsletterLinkPanel>
      </>
    );
  }
  return (
    <>
      {head}
      <NewsletterLinkPanel tone="working" heading={t.confirmTitle}>
        <p role="status">{t.confirming}</p>
      </NewsletterLinkPanel>
    </>
  );
}
