import type { Readable } from 'node:stream';
import { FITMENT_PER_VEHICLE_MAX, normalizePosition, VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN, type AcesApp, type AcesHeader, type FeedProblem } from '@shop/shared';
import { attr, child, childrenNamed, childText, openRecords, submissionType, wholeNumber, xmlRecords, type FeedSummary, type XmlNode } from './xml-records';

/**
 * Issue #35 item 4 (decision 201): the ACES 4.2 fitment feed, read as a stream. `openAcesFeed` reads up to the end of
 * the `Header` (a malformed start, a PIES file or a header without SubmissionType fails before any application),
 * then `apps` yields one normalized `App` at a time with its line and the problems of its values.
 */

export interface AcesFeed {
  header: AcesHeader;
  apps: AsyncGenerator<AcesApp>;
  /** How many apps were read so far, and the `Footer/RecordCount` once read. */
  summary: FeedSummary;
}

export interface AcesReadOptions {
  /**
   * PCdb position ids in words ("1" → "front"), for apps that give a `Position@id` without text. The PCdb is licensed
   * reference data the shop does not ship (decision 201): without it an id-only position stays `positionId` and
   * `position` is null.
   */
  positionNames?: Readonly<Record<string, string>>;
}

export async function openAcesFeed(source: Readable | AsyncIterable<Buffer | string>, options: AcesReadOptions = {}): Promise<AcesFeed> {
  const events = xmlRecords(source, { root: 'ACES', record: 'App', trailer: 'Footer' });
  const { header, records, summary } = await openRecords(events, 'ACES', readAcesHeader, (node, h) => readAcesApp(node, h, options), 'RecordCount');
  return { header, apps: records, summary };
}

function readAcesHeader(node: XmlNode, root: XmlNode): AcesHeader {
  return {
    version: attr(root, 'version'),
    submissionType: submissionType(node, 'ACES'),
    company: childText(node, 'Company'),
    brandAaiaId: childText(node, 'BrandAAIAID'),
    line: node.line,
  };
}

/** An element given as text or as an id (`<Make id="74"/>`, `<Make>Yamaha</Make>`). */
function named(node: XmlNode, name: string) {
  const c = child(node, name);
  return { text: c?.text.trim() || null, id: attr(c, 'id') };
}

function readAcesApp(node: XmlNode, header: AcesHeader, options: AcesReadOptions): AcesApp {
  const problems: FeedProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });

  const actionText = attr(node, 'action')?.toUpperCase() ?? null;
  if (actionText !== 'A' && actionText !== 'D')
    problem('App@action', actionText ? `Action “${actionText}” must be A (add) or D (delete)` : 'The App has no action: A (add) or D (delete)');
  const action = actionText === 'D' ? 'D' : 'A';

  const baseVehicleId = attr(child(node, 'BaseVehicle'), 'id');
  const years = child(node, 'Years');
  const fromText = attr(years, 'from');
  const toText = attr(years, 'to') ?? fromText;
  let yearFrom = wholeNumber(fromText);
  let yearTo = wholeNumber(toText);
  if (years) {
    const bad = [fromText, toText].find((t) => {
      const y = wholeNumber(t);
      return y === null || y < VEHICLE_YEAR_MIN || y > VEHICLE_YEAR_MAX;
    });
    if (bad !== undefined) problem('Years', `Year “${bad ?? ''}” must be a year from ${VEHICLE_YEAR_MIN} to ${VEHICLE_YEAR_MAX}`);
    else if (yearFrom! > yearTo!) problem('Years', `Years run from ${yearFrom} to ${yearTo}: the first is after the last`);
    if (bad !== undefined || yearFrom! > yearTo!) yearFrom = yearTo = null;
  }
  const make = named(node, 'Make');
  const model = named(node, 'Model');
  const subModel = named(node, 'SubModel');
  const hasYmm = yearFrom !== null && (make.text || make.id) && (model.text || model.id);
  if (!baseVehicleId && !hasYmm && !years) problem('BaseVehicle', 'The App names no vehicle: a BaseVehicle id, or Years, Make and Model');
  else if (!baseVehicleId && years && yearFrom !== null && !hasYmm) problem('Make', 'The App gives Years but not both Make and Model');

  const qtyText = childText(node, 'Qty');
  let qty = wholeNumber(qtyText);
  if (qtyText !== null && (qty === null || qty < 1 || qty > FITMENT_PER_VEHICLE_MAX)) {
    problem('Qty', `Qty “${qtyText}” must be a whole number from 1 to ${FITMENT_PER_VEHICLE_MAX}`);
    qty = null;
  }

  const pos = named(node, 'Position');
  const posWords = pos.text ?? (pos.id ? (options.positionNames?.[pos.id] ?? null) : null);
  const position = posWords === null ? null : normalizePosition(posWords);
  if (pos.text && position === null) problem('Position', `Position “${pos.text}” is not one the shop knows: front or rear, left or right, upper or lower`);

  // Free-text notes, and the text of coded qualifiers (`Qual/text`), both qualify the application.
  const notes = [
    ...childrenNamed(node, 'Note').map((n) => n.text.trim().replace(/\s+/g, ' ')),
    ...childrenNamed(node, 'Qual').map((q) => childText(q, 'text')?.replace(/\s+/g, ' ') ?? (attr(q, 'id') ? `Qualifier ${attr(q, 'id')}` : '')),
  ].filter(Boolean);

  const partNode = child(node, 'Part');
  const partNumber = partNode?.text.trim() ?? '';
  if (!partNumber) problem('Part', 'The App names no part number');
  const brand = attr(partNode, 'BrandAAIAID') ?? header.brandAaiaId ?? '';
  if (!brand) problem('Part@BrandAAIAID', 'The App names no brand: Part@BrandAAIAID, nor does the header (BrandAAIAID)');

  return {
    line: node.line,
    action,
    id: attr(node, 'id'),
    baseVehicleId,
    yearFrom,
    yearTo,
    make: make.text,
    makeId: make.id,
    model: model.text,
    modelId: model.id,
    subModel: subModel.text,
    subModelId: subModel.id,
    qty,
    position: position || null,
    positionText: pos.text,
    positionId: pos.id,
    notes,
    partNumber,
    brand,
    mfrLabel: childText(node, 'MfrLabel'),
    partTypeId: attr(child(node, 'PartType'), 'id'),
    problems,
  };
}
