import { describe, expect, it } from 'vitest';
import { accountFieldsSchema, isAllowedPhotoUrl } from './account';

describe('photo URLs the shop will show (issue #7)', () => {
  it.each(['https://lh3.googleusercontent.com/a/photo=s96-c', 'HTTPS://images.example.com/me.png', '/images/avatar-default.svg', '/api/uploads/3f2a9c.webp'])(
    'accepts %s',
    (url) => expect(isAllowedPhotoUrl(url)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'http://images.example.com/me.png',
    '//evil.example/me.png',
    '/\\evil.example/me.png',
    '/images/../../etc/passwd',
    'https://',
    'https://exa mple.com/a.png',
    `https://example.com/${'a'.repeat(2048)}`,
    'me.png',
  ])('refuses %s', (url) => expect(isAllowedPhotoUrl(url)).toBe(false));

  it('limits the name to 80 characters and lets other fields through', () => {
    expect(accountFieldsSchema.safeParse({ name: 'a'.repeat(80), email: 'x@example.com' }).success).toBe(true);
    const long = accountFieldsSchema.safeParse({ name: 'a'.repeat(81) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe('The name can be at most 80 characters.');
    expect(accountFieldsSchema.safeParse({ image: null }).success).toBe(true);
    expect(accountFieldsSchema.safeParse({ image: 'javascript:alert(1)' }).success).toBe(false);
  });
});
