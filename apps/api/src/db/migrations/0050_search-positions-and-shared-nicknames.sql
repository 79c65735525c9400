-- Issue #38 (decision 213): the words a parts counter still missed. Data only, like 0035 and 0037's seeds: admins
-- see, edit and delete every row on the Search Synonyms page.
--
-- Positions in the riders' languages: with another word, a position asks for a part that says it in its name or says
-- the opposite nowhere ("pneu arrière", "Bremsscheibe vorne"). "links" (German for left) is left out: it is an English
-- word of the catalogue ("120 links").
INSERT INTO search_synonyms (terms) VALUES
  ('{front,vorne,vorn,avant,anteriore,delantero,delantera}'),
  ('{rear,hinten,arrière,arriere,posteriore,trasero,trasera}'),
  ('{left,gauche,sinistro,sinistra,izquierdo,izquierda}'),
  ('{right,rechts,droite,destro,destra,derecho,derecha}'),
  -- German compounds of a position and a part.
  ('{front tyre,vorderreifen}'),
  ('{rear tyre,hinterreifen}'),
  -- Plurals the English stems do not reach, and words 0035 lacks; a group that overlaps another is united with it.
  ('{spark plug,zündkerzen,zuendkerzen,zundkerzen}'),
  ('{brake disc,bremsscheiben,disques de frein}'),
  ('{sprocket,kettenräder,kettenrader,kettenraeder,ritzel}'),
  ('{brake pads,plaquettes,beläge,belaege,belage}'),
  ('{shock,stoßdämpfer,stossdämpfer,stossdampfer,stossdaempfer}'),
  ('{fork seal,simmerringe,gabelsimmerring,gabelsimmerringe,joints de fourche}'),
  ('{chain lube,kettenöl,kettenol,kettenoel,huile de chaîne,huile chaine,spray chaîne,spray chaine}'),
  ('{grips,lenkergriffe,poignée,poignee}'),
  ('{fork,fourche,gabel,forcella,horquilla}'),
  -- French names of two words and more (the elision as its words, as 0035 writes it).
  ('{exhaust,pot d échappement,pot d echappement,pot échappement,pot echappement}'),
  ('{spark plug,bougie d allumage,bougies d allumage}');
--> statement-breakpoint
-- Nicknames several models share, each for all of them (decision 198 left them out): without a year they name no
-- bike, as before; a year names the one model sold that year ("2021 gs": the R 1250 GS; "2025 gs": the R 1300 GS).
INSERT INTO vehicle_aliases (alias, make, model) VALUES
  ('gs', 'BMW', 'R 1250 GS'),
  ('gs', 'BMW', 'R 1300 GS'),
  ('strom', 'Suzuki', 'V-Strom 650'),
  ('strom', 'Suzuki', 'V-Strom 800DE')
ON CONFLICT DO NOTHING;
