// PLACEHOLDER footer: replaced by the public-shop work.
export function Footer() {
  return <footer className="footer bg-neutral p-8 text-neutral-content">Footer</footer>;
}
