/** `%`, `_` and `\` typed by an admin are searched for literally (LIKE's default escape character is `\`). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE / ILIKE pattern for "holds this text anywhere". */
export const containsPattern = (term: string) => `%${likeEscape(term)}%`;
