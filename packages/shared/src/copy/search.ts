import { formatCount } from '../intl';
// Issue #9: part-number search in the navbar and the /search results page.
export const searchCopy = {
  label: 'Search parts',
  placeholder: 'Part number or name',
  submit: 'Search parts',
  suggestions: 'Suggestions',
  loading: 'Searching…',
  noSuggestions: 'No matching parts',
  seeAll: (q: string) => `See all results for '${q}'`,
  title: 'Search',
  resultsFor: (q: string) => `Results for '${q}'`,
  allParts: 'All parts',
  count: (n: number) => `${formatCount(n)} ${n === 1 ? 'part' : 'parts'} found`,
  /** Issue #39 item 8: "without dashes" only for words that had dashes. */
  empty: (q: string) =>
    q.includes('-')
      ? `No part matches '${q}'. Try the part number without dashes, or browse Brakes.`
      : `No part matches '${q}'. Check the spelling, or browse Brakes.`,
  emptyFiltered: 'No part matches these filters.',
  browseBrakes: 'browse Brakes',
  clearFilters: 'Clear filters',
  filters: 'Filters',
  category: 'Category',
  brand: 'Brand',
  any: 'Any',
  inStock: 'In stock only',
  price: 'Unit price ($)',
  minPrice: 'From',
  maxPrice: 'To',
  applyPrice: 'Apply',
  sort: 'Sort by',
  sorts: { relevance: 'Best match', 'price-asc': 'Price: low to high', 'price-desc': 'Price: high to low', newest: 'Newest' },
  partNumber: 'Part No.',
  // Issue #26 item 3 (decision 167): a bike named in the words.
  namedBike: (bike: string) => `Parts that fit your ${bike}`,
  namedBikeWords: (rest: string) => `Searched for “${rest}” among the parts that fit it and universal parts.`,
  namedBikeOnly: 'Every part that fits it, and universal parts.',
  /** Issue #39 item 8: the bike bar's line while the words name a bike (never "Showing all parts" beside "Parts that fit"). */
  namedBikeWins: 'Your search names a bike, so the results are for that bike.',
  searchAllFor: (q: string) => `Search all parts for “${q}”`,
  /** Issue #38 (decision 213 addendum): a name several models share ("gs brake pads"), no year to tell them apart. */
  whichBike: 'Which bike do you mean?',
  whichBikeHint: (name: string) => `“${name}” is the name of more than one model. Choose yours to see the parts that fit it.`,
  whichBikeOption: (make: string, model: string, from: number, to: number) => `${make} ${model} (${from === to ? from : `${from}–${to}`})`,
  whichBikeRest: (rest: string) => `Every part for “${rest}”, for any bike`,
  shopBike: (bike: string) => `Shop parts for ${bike}`,
  /** Issue #36 item 4 (decision 197): a bike's parts diagram or job basket, in the suggestions and above the results. */
  guide: (kind: 'diagram' | 'basket', name: string, vehicle: string) => `${name} ${kind === 'diagram' ? 'diagram' : 'basket'} · ${vehicle}`,
  guidesTitle: 'Diagrams and job baskets for this bike',
  // Issue #26 item 6 (decision 168): the closest matches of a search that found nothing.
  noMatch: (q: string) => `No part matches '${q}'.`,
  didYouMean: 'Did you mean',
  didYouMeanNumbers: 'Part numbers',
  didYouMeanParts: 'Parts',
  didYouMeanBikes: 'Bikes',
  didYouMeanHint: 'Or try the part number without dashes.',
  // Issue #39 item 9 (decision 189): a bike named and none of the parts the other words find fits it.
  noneFitsBike: (rest: string, bike: string) => `No ${rest} ${/[^s]s$/i.test(rest.trim()) ? 'fit' : 'fits'} the ${bike} in our catalogue.`,
  noneFitsBikeHint: 'We have none listed for it. Check the part number in your bike’s manual, or ask us and we will look it up.',
  forOtherBikes: (rest: string) => `“${rest}” for other bikes`,
  forOtherBikesHint: (bike: string) => `These do not fit the ${bike}. Open a part to see the bikes it fits.`,
  forOtherBikesAll: (n: number, rest: string) => `See all ${formatCount(n)} parts for “${rest}”`,
  // Issue #38 item 1 (decision 195): a query naming several parts, answered part by part.
  groupsCount: (n: number) => `${formatCount(n)} parts asked for`,
  groupsTitle: (names: string) => `Several parts: ${names}`,
  groupsHint: 'No one part matches all of these words, so here is each part you asked for on its own.',
  groupsAddFirsts: (n: number) => `Add the first of each to cart (${formatCount(n)})`,
  groupsAdded: (n: number) => `Added ${formatCount(n)} ${n === 1 ? 'part' : 'parts'} to your cart, one minimum order each.`,
  groupsNoneToAdd: 'None of the first parts is in stock to add.',
  // Issue #38 (decision 219): a job of the vocabulary ("chain kit") no kit answers, and the parts it is made of.
  jobTitle: (job: string, names: string) => `${job.charAt(0).toUpperCase()}${job.slice(1)}, part by part: ${names}`,
  jobHint: (job: string) => `We have no ${job} as one part, so here is each part of the job on its own.`,
  groupNone: (q: string, bike?: string) => (bike ? `No ${q} fits the ${bike} in our catalogue.` : `We don’t list “${q}” as a part.`),
  // Issue #38 (decision 219): a number that is the digits of several part numbers ("204").
  partNumbersWith: (digits: string, numbers: string) => `Part numbers with ${digits}: ${numbers}`,
  partNumbersWithHint: 'No part number is exactly this number, so here are the parts whose numbers hold it.',
  // Issue #38 (decision 196): the words are only in descriptions.
  mentionsOnly: (q: string) => `We don’t list “${q}” as a part.`,
  mentionsOnlyRelated: (q: string) => `Related parts that mention “${q}”`,
  mentionsOnlyHint: 'We may not stock what you are looking for. Write to us with your bike and the part, and we will look it up.',
  // Issue #38 item 4 (decision 211): the query's head noun is in no part's name ("sprocket bolts").
  missingHeadRelated: (q: string) => `Related parts for “${q}”`,
  // Issue #38 item 3 (decision 211): a size the shop does not list ("41mm fork seals"), and the other sizes it has.
  noSuchSize: (rest: string, size: string) => `We have no “${rest}” in ${size}.`,
  noSuchSizeHint:
    'A part of another size will not fit in its place. Check the size on the old part or in your bike’s manual, or ask us and we will look it up.',
  otherSizes: (rest: string) => `Other sizes of “${rest}”`,
  groupAll: (n: number, q: string) => `See all ${formatCount(n)} parts for “${q}”`,
} as const;

// Issue #26 (decision 158): the admin's Search synonyms page.
export const synonymsAdminCopy = {
  navLabel: 'Search Synonyms',
  title: 'Search Synonyms',
  intro:
    'Words riders type for the same part. A search for any term of a group finds what every term finds: “muffler” finds the exhaust silencers. Plurals and other word forms match on their own.',
  addGroup: 'Add a group',
  addGroupTitle: 'Add a synonym group',
  editGroupTitle: (first: string) => `Edit the group “${first}”`,
  terms: 'Terms',
  termsHint:
    'Separate the terms with commas: exhaust, muffler, silencer. A term may have up to 3 words (turn signal). A job’s parts go in one term with + between them: chain kit, chain + front sprocket + rear sprocket.',
  termsLabel: (terms: string[]) => terms.join(', '),
  saveGroup: 'Save group',
  addGroupButton: 'Add group',
  saving: 'Saving…',
  cancel: 'Cancel',
  close: 'Close',
  edit: 'Edit',
  delete: 'Delete',
  keep: 'Keep it',
  editNamed: (first: string) => `Edit the group “${first}”`,
  deleteNamed: (first: string) => `Delete the group “${first}”`,
  confirmDelete: (first: string) => `Delete the group “${first}”?`,
  confirmDeleteHint: 'Searches for its terms will find only the parts that use the very words typed.',
  added: (first: string) => `Group “${first}” added.`,
  saved: (first: string) => `Group “${first}” saved.`,
  deleted: (first: string) => `Group “${first}” deleted.`,
  filter: 'Find a term',
  filterHint: 'Shows the groups with a term that contains these letters.',
  caption: (shown: number, all: number) => (shown === all ? `${all} synonym ${all === 1 ? 'group' : 'groups'}` : `${shown} of ${all} synonym groups`),
  noGroups: 'No synonym groups yet: a search finds only the words typed, their word forms and close typos.',
  noMatches: (q: string) => `No group has a term with “${q}”.`,
} as const;

// Issue #38 item 2 (decision 198): the Model nicknames section of the Search synonyms page.
export const modelNicknamesAdminCopy = {
  title: 'Model nicknames',
  intro:
    'Names riders give a bike: “t7” is the Yamaha Ténéré 700, “wee strom” the Suzuki V-Strom 650. A search naming a nickname shows the parts that fit that model, as if its name had been typed. A nickname given to two models names neither.',
  add: 'Add a nickname',
  addTitle: 'Add a model nickname',
  alias: 'Nickname',
  aliasHint: 'What riders type, up to 3 words: t7, wee strom. Capitals, accents and dashes do not matter.',
  make: 'Make',
  model: 'Model',
  chooseMake: 'Choose a make',
  chooseModel: 'Choose a model',
  chooseMakeFirst: 'Choose the make first',
  saveButton: 'Add nickname',
  saving: 'Saving…',
  cancel: 'Cancel',
  close: 'Close',
  delete: 'Delete',
  keep: 'Keep it',
  bike: (make: string, model: string) => `${make} ${model}`,
  rowLabel: (alias: string, make: string, model: string) => `“${alias}” means the ${make} ${model}`,
  deleteNamed: (alias: string, make: string, model: string) => `Delete the nickname “${alias}” of the ${make} ${model}`,
  confirmDelete: (alias: string) => `Delete the nickname “${alias}”?`,
  confirmDeleteHint: 'Searches for it will look for the word as typed, without choosing the bike.',
  added: (alias: string, make: string, model: string) => `“${alias}” now names the ${make} ${model}.`,
  deleted: (alias: string) => `Nickname “${alias}” deleted.`,
  shared: 'Shared: names no bike',
  sharedHint: (alias: string) => `“${alias}” is a nickname of several models, so a search for it chooses none of them.`,
  caption: (n: number) => `${n} model ${n === 1 ? 'nickname' : 'nicknames'}`,
  none: 'No model nicknames yet: a search recognises a bike by its make and model names only.',
} as const;

// Issue #26 item 6 (decision 168): the admin's Search Misses page — what shoppers searched for and did not find.
export const searchMissesCopy = {
  navLabel: 'Search Misses',
  title: 'Search Misses',
  intro:
    'What shoppers searched for and did not find, counted per search words with nothing about who searched. Give a word a synonym so it finds its parts, or dismiss it. A bike’s nickname (“busa”, “t7”) goes under Model nicknames on the Search Synonyms page. Under a search that found nothing, the shop proposes a synonym or a nickname when what riders searched next, or the word’s spelling, points to one.',
  zeroTitle: 'Searches that found nothing',
  zeroEmpty: 'No search has come back empty.',
  notOpenedTitle: 'Searches whose results nobody opened',
  notOpenedEmpty: 'Shoppers opened a result of every search.',
  query: 'Search words',
  searches: 'Searches',
  opened: 'Opened',
  lastSearched: 'Last searched',
  actions: 'Actions',
  addSynonym: 'Add synonym',
  addSynonymFor: (q: string) => `Add a synonym for “${q}”`,
  dismiss: 'Dismiss',
  dismissFor: (q: string) => `Dismiss “${q}”`,
  dismissed: (q: string) => `“${q}” dismissed. It comes back if shoppers search it again.`,
  dialogTitle: (q: string) => `A synonym for “${q}”`,
  term: 'Shoppers type',
  meaning: 'It means',
  meaningHint: 'The word the catalogue uses, as in the part names: exhaust, brake pads. Separate several with commas.',
  meaningRequired: 'Say what the words mean.',
  save: 'Add synonym',
  saving: 'Saving…',
  cancel: 'Cancel',
  close: 'Close',
  added: (q: string, meaning: string) => `“${q}” now finds what “${meaning}” finds.`,
  stats: (searches: number, opened: number) => `${searches} ${searches === 1 ? 'search' : 'searches'} · ${opened} opened`,
} as const;

/** Issue #38 item 2 (decision 203): synonyms and model nicknames proposed on the Search Misses page, with their evidence. */
const typoLetters = (n: number) => (n === 0 ? 'no letters' : n === 1 ? '1 letter' : `${n} letters`);
export const searchMissProposalsCopy = {
  title: 'Proposed',
  missLabel: (q: string) => `Proposals for “${q}”`,
  synonym: (word: string, term: string) => `Add “${word}” as a synonym of “${term}”`,
  nickname: (word: string, make: string, model: string) => `Add “${word}” as a nickname of the ${make} ${model}`,
  followed: (clients: number, miss: string, then: string) =>
    `${formatCount(clients)} ${clients === 1 ? 'rider' : 'riders'} searched “${miss}”, then “${then}”, and opened a part it found.`,
  typo: (word: string, term: string, distance: number, allowed: number, products: number) =>
    `“${word}” is ${typoLetters(distance)} off “${term}” (${formatCount(products)} ${products === 1 ? 'part' : 'parts'}); the search corrects ${typoLetters(allowed)} in a word of ${word.length} letters.`,
  modelName: (word: string, bike: string, distance: number) => `“${word}” is ${typoLetters(distance)} off the name of the ${bike}.`,
  apply: 'Apply',
  applyFor: (proposal: string) => `Apply: ${proposal}`,
  applying: 'Applying…',
  answered: 'Answered',
  appliedSynonym: (word: string, term: string) => `“${word}” now finds what “${term}” finds.`,
  appliedNickname: (word: string, make: string, model: string) => `“${word}” now names the ${make} ${model}.`,
} as const;
