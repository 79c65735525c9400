import type { ComponentType } from 'react';
import { benefitsCopy } from '@shop/shared/copy/benefits';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { FlameIcon, HeadsetIcon, ShieldIcon, TruckIcon } from '../../../components/ui/icons';

const icons: ComponentType<{ size?: number }>[] = [TruckIcon, HeadsetIcon, ShieldIcon, FlameIcon];

/** Spec §2 benefits strip: four marketing items. */
export function BenefitsStrip() {
  return (
    <section aria-labelledby="benefits-title" className="border-y border-base-300 bg-base-200">
      <h2 id="benefits-title" className="sr-only">
        {storefrontCopy.benefitsTitle}
      </h2>
      <ul className="mx-auto grid max-w-7xl grid-cols-1 gap-px px-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        {benefitsCopy.map((benefit, i) => {
          const Icon = icons[i % icons.length];
          return (
            <li key={benefit.title} className="flex items-center gap-4 py-6 sm:px-4">
              <span className="grid size-12 shrink-0 place-items-center rounded-full bg-neutral text-accent">
                <Icon size={24} />
              </span>
              <div>
                <h3 className="font-display text-lg font-bold uppercase tracking-wide">{benefit.title}</h3>
                <p className="text-sm text-base-content/80">{benefit.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
