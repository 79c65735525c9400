// PLACEHOLDER: replaced by the issue that builds this screen.
export default function PortfolioPage() {
  return <div className="p-8">Portfolio</div>;
}
