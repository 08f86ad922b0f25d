CREATE TABLE "search_misses" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer NOT NULL,
	CONSTRAINT "search_misses_day_query_pk" PRIMARY KEY("day","query")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"word" text PRIMARY KEY NOT NULL,
	"means" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_not_itself" CHECK ("search_synonyms"."word" <> "search_synonyms"."means")
);
--> statement-breakpoint
-- Written by hand, after the generated DDL above (docs/decisions/048-search-that-forgives.md). The shop's keyword
-- search reads the synonyms, so a change to them changes cached shop pages: like the catalogue tables (migration
-- 0011), every statement that changes them tells every shop process to clear its cache. pg_trgm and the trigram
-- index on product names the near-name search uses exist since 0000.
CREATE TRIGGER search_synonyms_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_catalogue_truncated AFTER TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
