-- Substring search by name in a catalog of tens of thousands of products without scanning it:
-- a trigram index (FTS5) of the lower-cased names, kept equal to catalog_products by triggers in
-- the same transaction as each change. A query of fewer than 3 characters cannot use a trigram
-- index and scans instead (catalog/catalog-store.ts).
CREATE VIRTUAL TABLE catalog_products_search USING fts5(
  search_text, content = 'catalog_products', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO catalog_products_search (rowid, search_text) SELECT rowid, search_text FROM catalog_products;

CREATE TRIGGER catalog_products_search_insert AFTER INSERT ON catalog_products
BEGIN
  INSERT INTO catalog_products_search (rowid, search_text) VALUES (NEW.rowid, NEW.search_text);
END;

CREATE TRIGGER catalog_products_search_delete AFTER DELETE ON catalog_products
BEGIN
  INSERT INTO catalog_products_search (catalog_products_search, rowid, search_text)
    VALUES ('delete', OLD.rowid, OLD.search_text);
END;

CREATE TRIGGER catalog_products_search_update AFTER UPDATE OF search_text ON catalog_products
BEGIN
  INSERT INTO catalog_products_search (catalog_products_search, rowid, search_text)
    VALUES ('delete', OLD.rowid, OLD.search_text);
  INSERT INTO catalog_products_search (rowid, search_text) VALUES (NEW.rowid, NEW.search_text);
END;
