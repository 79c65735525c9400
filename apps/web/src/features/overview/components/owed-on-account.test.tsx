import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { OwedOnAccount } from './owed-on-account';

describe('OwedOnAccount', () => {
  it('shows what is owed on account and overdue, and leads to the open invoices', async () => {
    renderWithProviders(<OwedOnAccount receivables={{ open: 3, openTotal: 2100, overdue: 1, overdueTotal: 400.25 }} />);
    const card = within(await screen.findByRole('region', { name: 'Owed on account' }));
    expect(card.getByText('$2,100.00')).toBeTruthy();
    expect(card.getByText('3 invoices open')).toBeTruthy();
    expect(card.getByText('$400.25')).toBeTruthy();
    expect(card.getByText('1 invoice')).toBeTruthy();
    expect(card.getByRole('link', { name: 'See the open invoices' }).getAttribute('href')).toBe('/dashboard/receivables');
  });

  it('says nothing is overdue when nothing is', async () => {
    renderWithProviders(<OwedOnAccount receivables={{ open: 1, openTotal: 80, overdue: 0, overdueTotal: 0 }} />);
    expect(await screen.findByText('Nothing is overdue.')).toBeTruthy();
    expect(screen.getByText('1 invoice open')).toBeTruthy();
  });
});
