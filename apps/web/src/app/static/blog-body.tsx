import { blogIntro, blogPosts } from '../../content/blog';
import { SectionHeading } from '../../components/ui/section-heading';

/** The blog page's text: it never changes in the browser (decision 169). */
export function BlogPageBody() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <SectionHeading level={1} title={blogIntro.title} subtitle={blogIntro.subtitle} />
      <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="blog-toc" className="hidden lg:block">
          <div className="sticky top-24 rounded-box border border-base-300 bg-base-200 p-5">
            <h2 id="blog-toc" className="mb-3 font-display text-sm font-bold uppercase tracking-[0.2em] text-primary">
              {blogIntro.tocTitle}
            </h2>
            <ol className="flex flex-col gap-2 text-sm">
              {blogPosts.map((post, i) => (
                <li key={post.id}>
                  <a href={`#${post.id}`} className="flex gap-2 rounded-field py-1 hover:text-primary hover:underline">
                    <span className="font-bold text-primary">{i + 1}.</span>
                    <span>{post.question}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="flex min-w-0 flex-col gap-8">
          {blogPosts.map((post, i) => (
            <article key={post.id} id={post.id} aria-labelledby={`${post.id}-q`} className="card scroll-mt-24 border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-4 p-6 sm:p-8">
                <p className="flex items-center gap-3">
                  <span className="badge badge-accent font-bold">Q{i + 1}</span>
                </p>
                <h2 id={`${post.id}-q`} className="font-display text-2xl font-bold uppercase leading-tight sm:text-3xl">
                  {post.question}
                </h2>
                <div className="flex flex-col gap-4 leading-relaxed text-base-content/85">
                  {post.answer.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                  {post.points && (
                    <ul className="flex flex-col gap-2 pl-1">
                      {post.points.map((point) => (
                        <li key={point} className="flex gap-3">
                          <span className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
                          <span>{point}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                  {post.code && (
                    <figure className="flex min-w-0 max-w-full flex-col items-stretch gap-2 text-left">
                      <figcaption className="text-sm font-semibold text-base-content/75">{post.code.label}</figcaption>
                      <pre className="max-w-full overflow-x-auto rounded-box bg-neutral p-4 text-sm leading-relaxed text-neutral-content" tabIndex={0}>
                        <code>{post.code.text}</code>
                      </pre>
                    </figure>
                  )}
                </div>
                <p className="mt-2 border-l-4 border-accent bg-base-200 px-4 py-3 font-semibold">{post.takeaway}</p>
              </div>
            </article>
          ))}
        </div>
      </div>
    </div>
  );
}
