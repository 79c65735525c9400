/**
 * Issue #38 (decision 219): the demo shop's jobs in the search vocabulary. A synonym group whose terms name a job
 * ("chain kit", and its German, French, Italian and Spanish words) holds the job's list of parts as one term with "+"
 * between them; a search for the job that no kit answers lists those parts. Ordinary rows of `search_synonyms`: the
 * owner edits them on the Synonyms page.
 */
export const demoJobSynonyms: string[][] = [
  [
    'chain kit',
    'chain and sprockets',
    'chain sprocket kit',
    'drive chain kit',
    'kettensatz',
    'kettenkit',
    'kit chaîne',
    'kit chaine',
    'kit catena',
    'kit trasmissione',
    'kit de arrastre',
    'kit cadena',
    'chain + front sprocket + rear sprocket',
  ],
];
