import { expect, test } from '../support/fixtures';
import { copy } from '@shop/shared/copy';
import { signUpAndLogin } from '../support/auth';

test.describe('profile', () => {
  test('shows the card with the default avatar and the spec empty texts, on /dashboard/profile and /profile', async ({ page }) => {
    const me = await signUpAndLogin(page, { tag: 'profile', path: '/dashboard/profile' });
    const card = page.getByRole('article');
    await expect(card.getByRole('heading', { name: me.name })).toBeVisible();
    await expect(card.getByText(me.email)).toBeVisible();
    await expect(card.getByRole('img', { name: copy.profile.defaultPhotoAlt })).toHaveAttribute('src', '/images/avatar-default.svg');
    for (const empty of [copy.profile.emptyEducation, copy.profile.emptyLocation, copy.profile.emptyPhone, copy.profile.emptyLinkedin]) {
      await expect(card.getByText(empty, { exact: true })).toBeVisible();
    }
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: copy.profile.title })).toBeVisible();
    await expect(page.getByRole('article').getByRole('heading', { name: me.name })).toBeVisible();
  });

  test('Update Profile: read-only name and e-mail, every field required, saves with the spec toast', async ({ page }) => {
    const me = await signUpAndLogin(page, { tag: 'editor', path: '/dashboard/profile' });
    await page.getByRole('button', { name: copy.profile.updateButton }).click();
    const dialog = page.getByRole('dialog', { name: copy.profile.modalTitle });
    await expect(dialog).toBeVisible();
    // The page behind an open modal does not scroll (daisyUI's scroll lock, on the root's data-modal-open).
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    await expect(dialog.getByLabel(copy.profile.name, { exact: true })).toHaveValue(me.name);
    await expect(dialog.getByLabel(copy.profile.name, { exact: true })).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel(copy.profile.email, { exact: true })).toHaveValue(me.email);
    await expect(dialog.getByLabel(copy.profile.email, { exact: true })).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel(copy.profile.phone, { exact: true })).toHaveAttribute('inputmode', 'numeric');

    await dialog.getByRole('button', { name: copy.profile.save }).click();
    for (const msg of ['Education is Required', 'Location is Required', 'Phone is Required', 'Linkedin is Required']) {
      await expect(dialog.getByText(msg)).toBeVisible();
    }
    await dialog.getByLabel(copy.profile.education, { exact: true }).fill('Diploma in Motorcycle Mechanics');
    await dialog.getByLabel(copy.profile.location, { exact: true }).fill('Leeds, UK');
    await dialog.getByLabel(copy.profile.phone, { exact: true }).fill('call me');
    await dialog.getByLabel(copy.profile.linkedin, { exact: true }).fill('https://www.linkedin.com/in/sam-rider');
    await dialog.getByRole('button', { name: copy.profile.save }).click();
    await expect(dialog.getByText('Phone must be a number')).toBeVisible();
    await dialog.getByLabel(copy.profile.phone, { exact: true }).fill('07700900123');
    await dialog.getByRole('button', { name: copy.profile.save }).click();

    await expect(page.getByText(copy.toasts.editSuccess)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
    const card = page.getByRole('article');
    await expect(card.getByText('Diploma in Motorcycle Mechanics')).toBeVisible();
    await expect(card.getByText('Leeds, UK')).toBeVisible();
    await expect(card.getByText('07700900123')).toBeVisible();
    await expect(card.getByText('https://www.linkedin.com/in/sam-rider')).toBeVisible();
    await expect(card.getByText(copy.profile.emptyEducation)).toHaveCount(0);

    // Saved on the server, not only on the page.
    await page.reload();
    await expect(page.getByRole('article').getByText('Leeds, UK')).toBeVisible();
  });

  test('Escape closes the modal without saving', async ({ page }) => {
    await signUpAndLogin(page, { tag: 'escaper', path: '/dashboard/profile' });
    await page.getByRole('button', { name: copy.profile.updateButton }).click();
    const dialog = page.getByRole('dialog', { name: copy.profile.modalTitle });
    await dialog.getByLabel(copy.profile.education, { exact: true }).fill('Not saved');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Not saved')).toHaveCount(0);
    await expect(page.getByText(copy.profile.emptyEducation)).toBeVisible();
  });
});
