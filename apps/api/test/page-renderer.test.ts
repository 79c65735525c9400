import { describe, expect, it } from 'vitest';
import { appScripts, screenTags } from '../src/modules/pages/page-renderer';

describe('the scripts of a server-rendered page (decision 146)', () => {
  const manifest = {
    'src/main.tsx': { file: 'assets/index-a.js', css: ['assets/index-a.css'] },
    'src/features/auth/login.tsx': { file: 'assets/login-b.js', imports: ['src/shared.ts'], css: ['assets/login-b.css'] },
    'src/shared.ts': { file: 'assets/shared-c.js' },
  };
  const template = '<link rel="stylesheet" crossorigin href="/assets/index-a.css">';

  it("gives the screen's styles as tags and its chunks (with their imports) as addresses, leaving out what the template loads", () => {
    const { styles, chunks } = screenTags(manifest, ['src/features/auth/login.tsx', 'src/main.tsx'], template);
    expect(styles).toBe('<link rel="stylesheet" crossorigin href="/assets/login-b.css">');
    expect(chunks).toEqual(['/assets/login-b.js', '/assets/shared-c.js', '/assets/index-a.js']);
  });

  it('lists them as JSON that cannot close its element', () => {
    const block = appScripts(['/assets/index-a.js'], ['/assets/</script><script>alert(1)</script>.js']);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = /^<script type="application\/json" id="app-scripts">(.*)<\/script>$/.exec(block)?.[1];
    expect(JSON.parse(json!)).toEqual({ entries: ['/assets/index-a.js'], chunks: ['/assets/</script><script>alert(1)</script>.js'] });
  });
});
