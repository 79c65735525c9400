/**
 * Issue #26 item 4 (decision 166): the other numbers a part answers to, on the
 * product form, the part page and search results. The lines themselves
 * ("Replaces Yamaha 1WS-W0045-00") come from partNumberLabel in part-numbers.ts.
 */
export const partNumbersCopy = {
  // The part page.
  title: 'Part numbers',
  intro: 'This part also answers to these numbers.',
  // The product form (dashboard).
  formTitle: 'Other part numbers (optional)',
  formHint:
    'OEM numbers this part replaces, other makers’ numbers for the same part, and older numbers it supersedes. A search for any of them, however it is typed, finds this part first. At most 30.',
  kind: 'Kind',
  maker: 'Maker',
  number: 'Number',
  kindLabel: (n: number) => `Part number ${n}: kind`,
  makerLabel: (n: number) => `Part number ${n}: maker`,
  numberLabel: (n: number) => `Part number ${n}: number`,
  add: 'Add a part number',
  remove: (n: number) => `Remove part number ${n}`,
  none: 'No other part numbers: searches find this part by its own number and name.',
} as const;
