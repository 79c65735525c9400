import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, settle, test, useTheme, type Theme } from '../support/fixtures';
import { signInViaApi, signUpAndLogin, type Account } from '../support/auth';

/** Issue #22: the profile lists where the account is signed in; sign out another session; change the password. */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const OTHER_DEVICE = copy.sessions.device('Firefox 127', 'Linux');

/** A second browser (its own cookies and storage) that says it is Firefox on Linux, signed in as `account`. */
async function otherBrowser(browser: Browser, account: Account): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ userAgent: FIREFOX_LINUX });
  const page = await context.newPage();
  await signInViaApi(page, account, { path: '/dashboard/profile' });
  return { context, page };
}

const sessionsList = (page: Page) => page.getByRole('list', { name: copy.sessions.listLabel });

test.describe('your sessions on the profile page', () => {
  test('two browsers, sign out the other one, then change the password', async ({ page, browser }) => {
    const me = await signUpAndLogin(page, { tag: 'sessions', path: '/dashboard/profile' });
    const other = await otherBrowser(browser, me);
    try {
      await page.reload();
      const list = sessionsList(page);
      await expect(list.getByRole('listitem')).toHaveCount(2);
      const mine = list.getByRole('listitem').filter({ hasText: copy.sessions.thisDevice });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText(copy.sessions.place('127.0.0.1'));
      const theirs = list.getByRole('listitem').filter({ hasText: OTHER_DEVICE });
      await expect(theirs).toContainText(/Last used /);
      await expect(theirs.getByText(copy.sessions.thisDevice)).toHaveCount(0);

      // Sign out the other browser, with a confirmation.
      await theirs.getByRole('button', { name: copy.sessions.signOutLabel(OTHER_DEVICE) }).click();
      const dialog = page.getByRole('dialog', { name: copy.sessions.confirmSignOutTitle });
      await expect(dialog).toContainText(copy.sessions.confirmSignOutText(OTHER_DEVICE));
      await dialog.getByRole('button', { name: copy.sessions.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await theirs.getByRole('button', { name: copy.sessions.signOutLabel(OTHER_DEVICE) }).click();
      await page.getByRole('dialog', { name: copy.sessions.confirmSignOutTitle }).getByRole('button', { name: copy.sessions.signOut }).click();
      await expect(page.getByText(copy.sessions.signedOut)).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByText(copy.sessions.onlyThisDevice)).toBeVisible();

      // The other browser is signed out at its next call.
      await other.page.reload();
      await expect(other.page).toHaveURL(/\/login$/);

      // Signed in there again; changing the password here signs it out once more, and keeps this one.
      await signInViaApi(other.page, me, { path: '/dashboard/profile' });
      await page.reload();
      await expect(sessionsList(page).getByRole('listitem')).toHaveCount(2);
      await page.getByLabel(copy.sessions.currentPassword, { exact: true }).fill('not-my-password');
      await page.getByLabel(copy.sessions.newPassword, { exact: true }).fill('a-brand-new-secret-9');
      await page.getByLabel(copy.sessions.confirmPassword, { exact: true }).fill('a-brand-new-secret-9');
      await page.getByRole('button', { name: copy.sessions.changePassword }).click();
      await expect(page.getByText(copy.sessions.wrongCurrentPassword)).toBeVisible();
      await page.getByLabel(copy.sessions.currentPassword, { exact: true }).fill(me.password);
      await page.getByLabel(copy.sessions.newPassword, { exact: true }).fill('short-1');
      await page.getByLabel(copy.sessions.confirmPassword, { exact: true }).fill('short-1');
      await page.getByRole('button', { name: copy.sessions.changePassword }).click();
      await expect(page.getByText(copy.accountSecurity.passwordTooShort)).toBeVisible();
      await page.getByLabel(copy.sessions.newPassword, { exact: true }).fill('a-brand-new-secret-9');
      await page.getByLabel(copy.sessions.confirmPassword, { exact: true }).fill('a-brand-new-secret-9');
      await page.getByRole('button', { name: copy.sessions.changePassword }).click();
      await expect(page.getByText(copy.sessions.passwordChanged)).toBeVisible();
      await expect(sessionsList(page).getByRole('listitem')).toHaveCount(1);

      await other.page.reload();
      await expect(other.page).toHaveURL(/\/login$/);
      // This browser is still signed in after a reload.
      await page.reload();
      await expect(sessionsList(page).getByRole('listitem').filter({ hasText: copy.sessions.thisDevice })).toHaveCount(1);
    } finally {
      await other.context.close();
    }
  });

  for (const theme of ['light', 'dark'] as const satisfies Theme[]) {
    test(`the profile page with its sessions list has no WCAG 2.1 AA violations, ${theme} theme`, async ({ browser }) => {
      const context = await browser.newContext({ reducedMotion: 'reduce', colorScheme: theme });
      await useTheme(context, theme);
      const page = await context.newPage();
      try {
        const me = await signUpAndLogin(page, { tag: `sessions${theme}`, path: '/dashboard/profile' });
        const other = await otherBrowser(browser, me);
        await other.context.close();
        await page.reload();
        await expect(sessionsList(page).getByRole('listitem')).toHaveCount(2);
        await expect(page.getByRole('button', { name: copy.sessions.signOutOthers })).toBeVisible();
        await settle(page);
        const result = await new AxeBuilder({ page })
          .options({ resultTypes: ['violations'] })
          .withTags(WCAG_21_AA)
          .analyze();
        const found = result.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
        expect(found).toEqual([]);
        // The confirmation dialog too.
        await page.getByRole('button', { name: copy.sessions.signOutOthers }).click();
        await expect(page.getByRole('dialog', { name: copy.sessions.confirmSignOutOthersTitle })).toBeVisible();
        const dialogResult = await new AxeBuilder({ page })
          .options({ resultTypes: ['violations'] })
          .withTags(WCAG_21_AA)
          .analyze();
        expect(dialogResult.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
