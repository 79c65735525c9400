/** The footer's theme select (spec §4 Theme: toggle, set and select controls). */
export const themeCopy = {
  selectLabel: 'Theme',
  light: 'Light',
  dark: 'Dark',
  system: 'System',
} as const;
