import { legalIntro, legalSections } from '../../content/legal';
import { SectionHeading } from '../../components/ui/section-heading';

/** The legal page's text: it never changes in the browser (decision 169). */
export function LegalPageBody() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      <SectionHeading level={1} title={legalIntro.title} subtitle={legalIntro.subtitle} align="left" />
      <nav aria-label={legalIntro.title} className="mb-10">
        <ul className="flex flex-wrap gap-2">
          {legalSections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="btn btn-sm btn-outline">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-12">
        {legalSections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24">
            <h2 id={`${s.id}-title`} className="mb-4 font-display text-2xl font-bold uppercase">
              {s.title}
            </h2>
            <div className="flex flex-col gap-4 leading-relaxed text-base-content/85">
              {s.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
