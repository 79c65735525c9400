import { dateTimeFormat, type Formatter } from '@shop/shared/intl';
import { useTimeZone } from './render-clock';

const formats = new Map<string, Formatter<Date | number>>();

function formatIn(options: Intl.DateTimeFormatOptions, timeZone: 'UTC' | undefined): Formatter<Date | number> {
  const key = `${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = dateTimeFormat('en-US', timeZone ? { ...options, timeZone } : options);
    formats.set(key, format);
  }
  return format;
}

/**
 * Decision 187: a date (and time) of a server-rendered signed-in page. The server does not know the browser's time
 * zone, so the server and the hydrating render show it in UTC (a time says "UTC"), then the browser in its own.
 */
export function useDateFormat(options: Intl.DateTimeFormatOptions): (date: Date | number | string) => string {
  const timeZone = useTimeZone();
  const format = formatIn(options, timeZone);
  const suffix = timeZone && (options.timeStyle || options.hour) ? ` ${timeZone}` : '';
  return (date) => `${format.format(typeof date === 'string' ? new Date(date) : date)}${suffix}`;
}
