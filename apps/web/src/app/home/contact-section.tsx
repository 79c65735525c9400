import { Suspense } from 'react';
import { homeCopy } from '@shop/shared/copy/home';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { shop } from '@shop/shared/content';
import { ClockIcon, MailIcon, PhoneIcon } from '../../components/ui/icons';
import { lazyPart } from '../../lib/lazy-part';
import { StaticPart } from '../../lib/static-part';

// The form brings react-hook-form; loading it apart keeps it off the home page's critical path (decision 107).
// The server renders it (decision 107, lazy parts), and the browser loads its code before hydrating (decision 145).
const ContactForm = lazyPart(() => import('../../features/contact/components/contact-form').then((m) => ({ default: m.ContactForm })));

/** The form's height (three fields, a 4-row message and the button), held while its code loads. */
function ContactFormPlaceholder() {
  return <div className="min-h-[26rem]" aria-hidden="true" />;
}

const telHref = `tel:${shop.phone.replace(/[^+\d]/g, '')}`;

/** The heading and the shop's direct contacts: HTML that never changes (decision 169). */
function ContactIntro() {
  return (
    <div className="flex flex-col gap-6 lg:col-span-2">
      <div>
        <p className="mb-2 text-sm font-semibold uppercase tracking-[0.2em] text-accent">{homeCopy.contactSubtitle}</p>
        <h2 id="contact-title" className="font-display text-4xl font-bold uppercase md:text-5xl">
          {homeCopy.contactTitle}
        </h2>
        <span className="mt-3 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
      </div>
      <p className="text-lg leading-relaxed text-neutral-content/85">{storefrontCopy.contactIntro}</p>
      <ul className="flex flex-col gap-3">
        <li>
          <a href={`mailto:${shop.email}`} className="inline-flex items-center gap-3 hover:text-accent hover:underline">
            <span className="grid size-10 place-items-center rounded-full bg-neutral-content/10 text-accent">
              <MailIcon />
            </span>
            {shop.email}
          </a>
        </li>
        <li>
          <a href={telHref} className="inline-flex items-center gap-3 hover:text-accent hover:underline">
            <span className="grid size-10 place-items-center rounded-full bg-neutral-content/10 text-accent">
              <PhoneIcon />
            </span>
            {shop.phone}
          </a>
        </li>
        <li className="inline-flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full bg-neutral-content/10 text-accent">
            <ClockIcon />
          </span>
          <span className="flex flex-col">
            <span>{shop.support}</span>
            <span>{shop.hours}</span>
          </span>
        </li>
      </ul>
    </div>
  );
}

/** Spec §2 contact block, with the shop's direct contacts next to the form (the one interactive part). */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-20 bg-neutral py-16 text-neutral-content lg:py-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:gap-16 lg:px-8">
        <StaticPart id="contact-intro">
          <ContactIntro />
        </StaticPart>
        <div className="rounded-box bg-base-100 p-6 text-base-content shadow-xl sm:p-8 lg:col-span-3">
          <Suspense fallback={<ContactFormPlaceholder />}>
            <ContactForm />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
