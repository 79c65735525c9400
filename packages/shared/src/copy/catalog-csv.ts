/** Catalogue CSV in Manage Products: export, and import with a dry-run preview (issue #8, part 6). */
export const catalogCsvCopy = {
  export: 'Export CSV',
  exporting: 'Exporting…',
  import: 'Import CSV',
  checking: 'Checking the file…',
  previewTitle: 'Import preview',
  previewFile: (name: string) => `File: ${name}`,
  created: 'New products',
  updated: 'Updated products',
  unchanged: 'Unchanged',
  nothingToDo: 'The file matches the catalogue: nothing would change.',
  problemsTitle: (n: number) =>
    `${n} ${n === 1 ? 'row has a problem' : 'rows have problems'}: nothing can be imported until ${n === 1 ? 'it is' : 'they are'} fixed.`,
  line: (n: number) => `Line ${n}`,
  apply: 'Apply import',
  applying: 'Importing…',
  cancel: 'Cancel',
  applied: (created: number, updated: number) => `Import done: ${created} new, ${updated} updated.`,
  hint: 'Export, edit in a spreadsheet, import: rows are matched by part number (sku). You see what would change before anything is applied.',
  /** Issue #24: the shipping and tax columns (decision 153). */
  shippingColumnsHint:
    'weight_grams is whole grams per unit; length_mm, width_mm and height_mm are the packed size, all three or none; oversize is true or false; tax_category is standard, reduced or zero. A file without these columns keeps the values; an empty weight or tax category keeps it too.',
} as const;
