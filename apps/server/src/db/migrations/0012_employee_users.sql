-- Written by hand: a user may be linked to the employee they are (Usuarios, issue 13); deleting the employee
-- unlinks the user. One user per employee. An employee's email is unique whatever its letter case.
ALTER TABLE "users" ADD COLUMN "id_empleado" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_empleado_employees_id_fk" FOREIGN KEY ("id_empleado") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_empleado_uq" ON "users" USING btree ("id_empleado") WHERE "users"."id_empleado" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_email_uq" ON "employees" USING btree (lower("email"));
