CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Written by hand, after the generated DDL above (docs/decisions/048-search-that-forgives.md, amendment of
-- 2026-12-03). The words of the names of the products for sale (not deleted, not blocked), each with how many such
-- products have it, kept by the triggers below on every write that changes a name or whether a product is for sale.
-- A word is a lexeme of `to_tsvector('simple', name)`, as the keyword search's full-text index has it. Every change
-- of the table takes one transaction lock first: an import writes many products in one transaction, and two
-- transactions counting shared words in different orders would otherwise deadlock. Only the administrators' writes
-- change the table (stock, prices and sales never run these triggers), so one queue for them costs the shop nothing.
-- The key, 48048, is this decision's number; the shop's other single-key advisory locks use others.
CREATE FUNCTION products_keep_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text[] := '{}';
  now_has text[] := '{}';
  gone text[];
  came text[];
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND NOT OLD.is_blocked THEN
    was := tsvector_to_array(to_tsvector('simple', OLD.name));
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NOT NEW.is_blocked THEN
    now_has := tsvector_to_array(to_tsvector('simple', NEW.name));
  END IF;
  gone := array(SELECT unnest(was) EXCEPT SELECT unnest(now_has));
  came := array(SELECT unnest(now_has) EXCEPT SELECT unnest(was));
  IF cardinality(gone) = 0 AND cardinality(came) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(48048);
  IF cardinality(gone) > 0 THEN
    DELETE FROM search_words WHERE word = ANY (gone) AND products <= 1;
    UPDATE search_words SET products = products - 1 WHERE word = ANY (gone);
  END IF;
  IF cardinality(came) > 0 THEN
    INSERT INTO search_words (word, products) SELECT unnest(came), 1
      ON CONFLICT (word) DO UPDATE SET products = search_words.products + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_inserted AFTER INSERT ON products FOR EACH ROW
  WHEN (NEW.deleted_at IS NULL AND NOT NEW.is_blocked)
  EXECUTE FUNCTION products_keep_search_words();
--> statement-breakpoint
-- Only a write that changes the name or whether the product is for sale runs the function: stock, prices and sales
-- update products all day and never touch the words.
CREATE TRIGGER products_search_words_updated AFTER UPDATE OF name, deleted_at, is_blocked ON products FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
    OR OLD.is_blocked <> NEW.is_blocked)
  EXECUTE FUNCTION products_keep_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_deleted AFTER DELETE ON products FOR EACH ROW
  WHEN (OLD.deleted_at IS NULL AND NOT OLD.is_blocked)
  EXECUTE FUNCTION products_keep_search_words();
--> statement-breakpoint
CREATE FUNCTION products_truncate_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT
  EXECUTE FUNCTION products_truncate_search_words();
--> statement-breakpoint
-- The products already there.
INSERT INTO search_words (word, products)
SELECT word, count(*) FROM products, unnest(tsvector_to_array(to_tsvector('simple', name))) AS word
WHERE deleted_at IS NULL AND NOT is_blocked
GROUP BY word;
