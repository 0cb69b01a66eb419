-- Written by hand (like 0003): one accent folding for every search, the same map as the domain's foldChars
-- (packages/domain/src/format/text.ts: FOLD_FROM, FOLD_TO). ASCII letters are lowered under the C collation (the
-- same on PGlite and on any PostgreSQL), Latin-1 accented letters become their base letter, nothing else changes.
CREATE OR REPLACE FUNCTION airlink_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN translate(lower(value COLLATE "C"), 'áéíóúñüÁÉÍÓÚÑÜàèìòùâêîôûäëïöÀÈÌÒÙÂÊÎÔÛÄËÏÖãõçýÿÃÕÇÝåÅ', 'aeiounuaeiounuaeiouaeiouaeioaeiouaeiouaeioaocyyaocyaa');--> statement-breakpoint
-- The navbar search's name indexes keep their names and their use, on the shared function.
DROP INDEX IF EXISTS "contratos_nombre_folded_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contratos_nombre_folded_trgm";--> statement-breakpoint
CREATE INDEX "contratos_nombre_folded_idx" ON "contratos" USING btree ((airlink_fold("nombre") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "contratos_nombre_folded_trgm" ON "contratos" USING gin (airlink_fold("nombre") gin_trgm_ops);--> statement-breakpoint
-- Bank movements are searched by reference through the same fold.
DROP INDEX IF EXISTS "movimientos_referencia_trgm";--> statement-breakpoint
CREATE INDEX "movimientos_referencia_trgm" ON "movimientos_bancarios" USING gin (airlink_fold("referencia") gin_trgm_ops);
