CREATE TABLE "row_counts" (
	"table_name" text NOT NULL,
	"part" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "row_counts_table_name_part_pk" PRIMARY KEY("table_name","part")
);
