import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { newsletterCopy } from '@shop/shared/copy/newsletter';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { useUnsubscribeNewsletter } from '../../features/newsletter/api/newsletter';
import { NewsletterLinkPanel } from '../../features/newsletter/components/newsletter-link-panel';

const t = newsletterCopy;

/**
 * Issue #39 (decision 186): the unsubscribe link of every newsletter e-mail, no sign-in. It asks before it acts: a
 * link checker that opens the page unsubscribes nobody (a mail program's one-click POST goes to the API directly).
 * A press before the app has loaded is held and sent once it runs (a form without an action, decision 145).
 */
export default function NewsletterUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribeNewsletter();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!unsubscribe.isPending) unsubscribe.mutate(token);
  };

  const head = <PageHead title={t.unsubscribeTitle} description={t.unsubscribeTitle} path={paths.newsletterUnsubscribe} noindex />;
  if (!token) {
    return (
      <>
        {head}
        <NewsletterLinkPanel tone="error" heading={t.unsubscribeFailedHeading}>
          <p role="alert">{t.noToken}</p>
        </NewsletterLinkPanel>
      </>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <>
        {head}
        <NewsletterLinkPanel tone="success" heading={t.unsubscribedHeading}>
          <p>{t.unsubscribed(unsubscribe.data.email)}</p>
        </NewsletterLinkPanel>
      </>
    );
  }
  return (
    <>
      {head}
      <NewsletterLinkPanel tone={unsubscribe.isError ? 'error' : 'neutral'} heading={unsubscribe.isError ? t.unsubscribeFailedHeading : t.unsubscribeTitle}>
        {unsubscribe.isError ? <p role="alert">{unsubscribe.error.message}</p> : <p>{t.unsubscribeIntro}</p>}
        <form onSubmit={onSubmit}>
          <button type="submit" className="btn btn-primary btn-lg" disabled={unsubscribe.isPending} aria-busy={unsubscribe.isPending}>
            {unsubscribe.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {unsubscribe.isPending ? t.unsubscribing : t.unsubscribeButton}
          </button>
        </form>
      </NewsletterLinkPanel>
    </>
  );
}
