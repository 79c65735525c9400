-- Hand-written (decision 143): a transaction may promise to announce a payload itself, right after it commits, by
-- setting shop.notify_after_commit to that payload (set_config(…, true): for this transaction only). The trigger
-- then stays silent for that payload. A NOTIFY inside a transaction takes a lock that PostgreSQL holds from just
-- before the commit until after its WAL flush, so notifying orders commit one at a time; the order path instead
-- sends one NOTIFY for many orders after they commit. Every other write notifies in its transaction, as before.
CREATE OR REPLACE FUNCTION shop_notify_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.notify_after_commit', true) IS DISTINCT FROM TG_ARGV[0] THEN
    PERFORM pg_notify('shop_catalog', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END;
$$;
