-- Paid-until date of each contract (docs/business-rules.md "Paid-until and lateness"), denormalised for the customers list.
-- Existing rows are backfilled from their payments (or the contract date) before it becomes NOT NULL.
ALTER TABLE "contratos" ADD COLUMN "pagado_hasta" date;--> statement-breakpoint
UPDATE "contratos" c SET "pagado_hasta" = COALESCE(
  (SELECT max(p."fecha_finalizacion") FROM "pagos" p WHERE p."contrato_id" = c."id"),
  c."fecha_contratacion"
);--> statement-breakpoint
ALTER TABLE "contratos" ALTER COLUMN "pagado_hasta" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "contratos_activo_pagado_hasta_idx" ON "contratos" USING btree ("activo","pagado_hasta");
