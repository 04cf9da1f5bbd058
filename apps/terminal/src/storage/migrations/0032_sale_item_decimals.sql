-- Whether a sale line was sold in fractions (the item's allowDecimals): a line sold in whole
-- units is returned in whole units (POST /api/sales/{saleId}/refund, REFUND_QUANTITY_INVALID).
-- 1 or 0 from this migration on; NULL for the lines of sales written before it, for which it is
-- not known: they are returned in any quantity up to what is left, as before.
ALTER TABLE sale_items ADD COLUMN allow_decimals INTEGER CHECK (allow_decimals IN (0, 1));
