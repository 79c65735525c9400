import { applicationDetails, fitDetails, lineFits } from '@shop/shared/fitment';
import type { Fitment, Vehicle } from '@shop/shared/schemas/vehicle';

type Bike = Pick<Vehicle, 'make' | 'model' | 'year' | 'variant'>;

/**
 * Issue #35 item 1 (decision 192): what the lines that cover the bike add to "Fits your …": "front · 2 per bike"
 * (the phrases of several lines joined by "; "), or '' when none says more than the bike does. `notes: false` leaves
 * the notes out, for the short badge of a card and the cart's line.
 */
export function fitDetailsText(fitment: readonly Fitment[], vehicle: Bike, { notes = true }: { notes?: boolean } = {}): string {
  const phrases = notes
    ? fitDetails(fitment, vehicle)
    : [
        ...new Set(
          fitment.filter((line) => lineFits(line, vehicle)).map((line) => applicationDetails({ position: line.position, perVehicle: line.perVehicle })),
        ),
      ].filter(Boolean);
  return phrases.join('; ');
}

/**
 * The details under "Fits your 2019 Yamaha MT-07", on a line of their own (a wrapped "MT-07 · front · 2 per" read
 * badly on a phone). The text still reads "Fits your 2019 Yamaha MT-07 · front · 2 per bike": the " · " that joins
 * the two is there for screen readers and copied text, not shown. Nothing for no details.
 */
export function FitDetails({ text, className = '' }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <span className={`block ${className}`}>
      <span className="sr-only"> · </span>
      {text}
    </span>
  );
}
