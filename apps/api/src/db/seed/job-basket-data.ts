/**
 * Issue #36 item 3 (decision 199): the demo shop's job baskets. Each works for the demo bikes: on the 2019 Yamaha
 * MT-07 every slot of the oil service and the front brake pads is filled; its chain job has no front sprocket that
 * fits (the demo's 15T fits the Suzukis), which the page shows as the slot with no part.
 */
import type { CreateJobTemplateInput } from '@shop/shared';

export const demoJobTemplates: (CreateJobTemplateInput & { description: string })[] = [
  {
    slug: 'oil-service',
    name: 'Oil service',
    description: 'The yearly service: a new oil filter and fresh spark plugs.',
    slots: [
      { name: 'Oil filter', category: 'filters', nameWords: 'oil filter', quantityRule: 'fixed', quantity: 1 },
      // The demo plugs' fitment does not say how many; the demo bikes with them are twins.
      { name: 'Spark plugs', category: 'ignition', nameWords: 'spark plug', quantityRule: 'fixed', quantity: 2 },
    ],
  },
  {
    slug: 'chain-and-sprockets',
    name: 'Chain and sprockets',
    description: 'A new drive chain with both sprockets, and lube to keep it running.',
    slots: [
      { name: 'Drive chain', category: 'drivetrain', nameWords: 'chain', quantityRule: 'fixed', quantity: 1 },
      { name: 'Front sprocket', category: 'drivetrain', nameWords: 'sprocket', position: 'front', quantityRule: 'fixed', quantity: 1 },
      { name: 'Rear sprocket', category: 'drivetrain', nameWords: 'sprocket', position: 'rear', quantityRule: 'fixed', quantity: 1 },
      { name: 'Chain lube', category: 'fluids', nameWords: 'chain lube', quantityRule: 'fixed', quantity: 1 },
    ],
  },
  {
    slug: 'front-brake-pads',
    name: 'Front brake pads',
    description: 'New pads for every front caliper, and brake fluid to bleed the system.',
    slots: [
      { name: 'Front brake pads', category: 'brakes', nameWords: 'pads', position: 'front', quantityRule: 'per_vehicle', quantity: 1 },
      { name: 'Brake fluid', category: 'fluids', nameWords: 'brake fluid', quantityRule: 'fixed', quantity: 1 },
    ],
  },
];
