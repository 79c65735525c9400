import { openSourceProjects, portfolioCopy, skillGroups, teamProfile, type OpenSourceProject } from '../../content/portfolio';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { SectionHeading } from '../../components/ui/section-heading';
import { ExternalIcon } from '../../components/ui/icons';

const areas: OpenSourceProject['area'][] = ['Web app', 'Server', 'Testing'];
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The portfolio page's text: it never changes in the browser (decision 169). */
export function PortfolioPageBody() {
  return (
    <>
      <section aria-labelledby="team-title" className="bg-neutral text-neutral-content">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-20">
          <img
            src={teamProfile.image}
            alt={storefrontCopy.teamImageAlt}
            width={TEAM_WIDTH}
            height={TEAM_HEIGHT}
            fetchPriority="high"
            className="h-auto w-full rounded-box bg-neutral-content/5"
          />
          <div className="flex flex-col gap-5">
            <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent">{teamProfile.role}</p>
            <h1 id="team-title" className="font-display text-4xl font-bold uppercase leading-tight md:text-5xl">
              {teamProfile.title}
            </h1>
            {teamProfile.summary.map((p) => (
              <p key={p} className="text-lg leading-relaxed text-neutral-content/85">
                {p}
              </p>
            ))}
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {teamProfile.facts.map((f) => (
                <div key={f.label} className="rounded-box border border-neutral-content/15 p-4">
                  <dt className="text-xs font-semibold uppercase tracking-wider text-neutral-content/75">{f.label}</dt>
                  <dd className="mt-1 font-semibold">{f.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>

      <section aria-labelledby="skills-title" className="py-16 lg:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="skills-title" title={portfolioCopy.skillsTitle} subtitle={portfolioCopy.skillsSubtitle} />
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {skillGroups.map((group) => (
              <li key={group.title} className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
                <h3 className="mb-4 font-display text-xl font-bold uppercase">{group.title}</h3>
                <ul className="flex flex-wrap gap-2" aria-label={group.title}>
                  {group.skills.map((skill) => (
                    <li key={skill} className="badge badge-lg h-auto min-h-8 border-base-300 bg-base-200 py-1 text-sm">
                      {skill}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="projects-title" className="bg-base-200 py-16 lg:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="projects-title" title={portfolioCopy.projectsTitle} subtitle={portfolioCopy.projectsSubtitle} />
          <div className="flex flex-col gap-12">
            {areas.map((area) => (
              <div key={area}>
                <h3 className="mb-4 font-display text-2xl font-bold uppercase">{area}</h3>
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {openSourceProjects
                    .filter((p) => p.area === area)
                    .map((project) => (
                      <li key={project.name}>
                        <a
                          href={project.href}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`${project.name} ${portfolioCopy.newTab}`}
                          aria-describedby={`project-${slug(project.name)}`}
                          className="group flex h-full flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                        >
                          <span className="flex items-center justify-between gap-2">
                            <span className="font-display text-lg font-bold uppercase group-hover:text-primary">{project.name}</span>
                            <ExternalIcon size={18} className="shrink-0 text-base-content/60 group-hover:text-primary" />
                          </span>
                          <span id={`project-${slug(project.name)}`} className="text-sm leading-relaxed text-base-content/80">
                            {project.use}
                          </span>
                        </a>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

// team.svg's intrinsic size, so its box is reserved before it loads.
const TEAM_WIDTH = 600;
const TEAM_HEIGHT = 400;
