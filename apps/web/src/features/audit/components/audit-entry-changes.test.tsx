import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { activityCopy } from '@shop/shared/copy/activity';
import type { AuditEntry } from '@shop/shared/schemas/audit';
import { AuditEntryChanges, show } from './audit-entry-changes';

/** Issue #39 item 8: the Activity log reads in words, never raw JSON, and names what an entry is about. */

const entry = (before: AuditEntry['before'], after: AuditEntry['after']): AuditEntry => ({
  _id: 'e1',
  at: '2026-12-02T05:00:00.000Z',
  actor: null,
  action: 'return.request',
  entityType: 'order',
  entityId: 'TT-1042',
  entityName: 'TT-1042',
  before,
  after,
  note: null,
});

describe('the Activity log in words', () => {
  it('shows lists and records as words, not JSON', () => {
    render(<AuditEntryChanges entry={entry(null, { lines: [{ part: 'Brake pads', quantity: 2 }], refunded: false, reason: null })} />);
    expect(screen.getByText('part Brake pads, quantity 2')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[{}[\]"]/);
    expect(show(null)).toBe('—');
    expect(show([])).toBe('—');
    expect(show(12.5)).toBe('12.5');
  });

  it('labels an entry by its name when the shop knows it, else by a short id', () => {
    expect(activityCopy.entityLabel('Product', '6f1c2a9e-1111-2222-3333-444455556666', 'Brake pads')).toBe('Product Brake pads');
    expect(activityCopy.entityLabel('Product', '6f1c2a9e-1111-2222-3333-444455556666', null)).toBe('Product 6f1c2a9e');
    expect(activityCopy.entityLabel('Order', 'TT-1042')).toBe('Order TT-1042');
  });
});
