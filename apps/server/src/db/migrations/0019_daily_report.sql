CREATE TABLE "reportes_diarios" (
	"fecha" date PRIMARY KEY NOT NULL,
	"estado" text NOT NULL,
	"intentos" integer DEFAULT 1 NOT NULL,
	"error" text,
	"enviado" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
