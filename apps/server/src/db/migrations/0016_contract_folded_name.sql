-- Written by hand (like 0008): the folded name is stored, so the navbar search and the name sorts read it instead
-- of running airlink_fold over every row they match or sort (a generated column: PostgreSQL keeps it in step with
-- `nombre` on every INSERT and UPDATE, whoever writes). The two name indexes keep their names and their use, now on
-- the column.
ALTER TABLE "contratos" ADD COLUMN "nombre_folded" text GENERATED ALWAYS AS (airlink_fold("nombre")) STORED NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "contratos_nombre_folded_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contratos_nombre_folded_trgm";--> statement-breakpoint
CREATE INDEX "contratos_nombre_folded_idx" ON "contratos" USING btree (("nombre_folded" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "contratos_nombre_folded_trgm" ON "contratos" USING gin ("nombre_folded" gin_trgm_ops);
