import { expect, test } from '../support/fixtures';
import { copy } from '@shop/shared/copy';
import { DEMO_CUSTOMER, loginThroughPage, shopOrigin, signUpAndLogin, uniqueAccount, verifyEmailViaOutbox, waitForAccessToken } from '../support/auth';

test.describe('login page', () => {
  test('shows every validation message of the spec, on submit', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: copy.auth.loginTitle })).toBeVisible();
    // Default validation timing: nothing before the first submit.
    await expect(page.getByText(copy.validation.emailRequired)).toHaveCount(0);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(copy.validation.emailRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.passwordRequired)).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(copy.validation.emailInvalid)).toBeVisible();
    await expect(page.getByText(copy.validation.passwordShort)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the provider message in red under the form', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const message = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await expect(message).toBeVisible();
    await expect(message).toHaveClass(/text-error/);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('shows a loading indicator while signing in, then toasts, stores the token and goes to /home', async ({ page }) => {
    await page.goto('/login');
    // Hold the sign-in answer until the indicator has been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email', { exact: true }).fill(DEMO_CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
    const button = page.getByRole('button', { name: 'Login', exact: true });
    await button.click();
    await expect(button).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: copy.auth.signingIn })).toBeAttached();
    release();
    await expect(page.getByText(copy.toasts.login)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    const token = await waitForAccessToken(page);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.email).toBe(DEMO_CUSTOMER.email);
    // The navigation bar now shows the display name linking to /profile, and Logout.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('link', { name: DEMO_CUSTOMER.name })).toHaveAttribute('href', '/profile');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('links to registration and to password reset', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: copy.auth.forgotPassword }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto('/login');
    await page.getByRole('link', { name: copy.auth.createAccount }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('link', { name: copy.auth.pleaseLogin }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('logout', () => {
  test('revokes the session, removes the token, toasts, and the old token is refused', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const me = await signUpAndLogin(page, { tag: 'logout' });
    const token = await waitForAccessToken(page);
    const before = await page.request.get(`/api/admin/${me.email}`, { headers: { authorization: `Bearer ${token}` } });
    expect(before.status()).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText(copy.toasts.logout)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    const after = await page.request.get(`/api/admin/${me.email}`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });
});

test.describe('protected routes', () => {
  test('send a visitor to /login, replacing history, and come back after login', async ({ page }) => {
    await page.goto('/home');
    await page.goto('/dashboard/profile');
    await expect(page).toHaveURL(/\/login$/);
    // Replaced: Back goes to the page before the protected one.
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email', { exact: true }).fill(DEMO_CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(copy.toasts.login)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole('heading', { name: DEMO_CUSTOMER.name })).toBeVisible();
  });

  test('show a loading indicator while the sign-in state loads, then the content', async ({ page }) => {
    await signUpAndLogin(page, { tag: 'loading' });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/get-session**', async (route) => {
      await held;
      await route.continue();
    });
    // A signed-in page opened directly arrives rendered for the session (decision 187): the browser loads the
    // sign-in state on a public page, whose server reads no session, and the app goes to the profile meanwhile.
    await page.goto('/home');
    await page.evaluate(() => {
      history.pushState(null, '', '/dashboard/profile');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('status').filter({ hasText: copy.auth.checkingSession })).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: copy.profile.updateButton })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
  });

  test('refuse admin screens to a customer with a clear message', async ({ page }) => {
    await signUpAndLogin(page, { tag: 'notadmin', path: '/dashboard/makeAdmin' });
    await expect(page.getByRole('heading', { name: copy.auth.adminOnlyTitle })).toBeVisible();
    await expect(page.getByText(copy.auth.adminOnlyText)).toBeVisible();
    await page.getByRole('link', { name: copy.auth.adminOnlyBack }).click();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  });

  test('a call refused because the session ended elsewhere signs the page out and goes home (spec §7)', async ({ page }) => {
    const me = await signUpAndLogin(page, { tag: 'ended', path: '/dashboard/profile' });
    await expect(page.getByRole('button', { name: copy.profile.updateButton })).toBeVisible();
    // Sign out behind the page's back, as another tab would; the page still holds its access token.
    const res = await page.request.post('/api/auth/sign-out', { headers: { origin: shopOrigin() }, data: {} });
    expect(res.status()).toBe(200);

    // Every toast the page shows is written down in sessionStorage, which outlives the reload that follows.
    await page.evaluate(() => {
      new MutationObserver(() => {
        const seen = Array.from(document.querySelectorAll('.Toastify__toast'), (t) => t.textContent ?? '');
        const before: string[] = JSON.parse(sessionStorage.getItem('toastsSeen') ?? '[]');
        sessionStorage.setItem('toastsSeen', JSON.stringify([...new Set([...before, ...seen])]));
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    await page.getByRole('button', { name: copy.profile.updateButton }).click();
    const dialog = page.getByRole('dialog', { name: copy.profile.modalTitle });
    await dialog.getByLabel(copy.profile.education).fill('Workshop course');
    await dialog.getByLabel(copy.profile.location).fill('Leeds');
    await dialog.getByLabel(copy.profile.phone).fill('0123456789');
    await dialog.getByLabel(copy.profile.linkedin).fill('https://www.linkedin.com/in/x');
    const update = page.waitForResponse((r) => r.request().method() === 'PUT' && decodeURIComponent(new URL(r.url()).pathname) === `/api/user/${me.email}`);
    await dialog.getByRole('button', { name: copy.profile.save }).click();
    expect((await update).status()).toBe(401);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeAttached();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    const toastsSeen: string[] = await page.evaluate(() => JSON.parse(sessionStorage.getItem('toastsSeen') ?? '[]'));
    expect(toastsSeen.join(' | ')).not.toContain(copy.toasts.editSuccess);

    // Nothing was saved: signed in again, the profile still shows the empty texts.
    const again = await page.request.post('/api/auth/sign-in/email', { data: { email: me.email, password: me.password }, headers: { origin: shopOrigin() } });
    expect(again.status()).toBe(200);
    await page.goto('/dashboard/profile');
    const card = page.getByRole('article');
    await expect(card.getByText(copy.profile.emptyEducation, { exact: true })).toBeVisible();
    await expect(card.getByText('Workshop course')).toHaveCount(0);
  });
});

test.describe('fresh account login', () => {
  test('an account registered through the API and confirmed through its e-mail signs in through the page', async ({ page, request }) => {
    const acc = uniqueAccount('plain');
    const res = await request.post('/api/auth/sign-up/email', { data: acc, headers: { origin: shopOrigin() } });
    expect(res.status()).toBe(200);
    await verifyEmailViaOutbox(request, acc.email);
    await loginThroughPage(page, acc);
    await expect(page).toHaveURL(/\/home$/);
  });
});
