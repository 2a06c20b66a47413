-- "This table changed": each process keeps the tables every page reads and staff rarely change
-- (app/lib/shared-reads.server.ts) until this notice arrives, whoever wrote them, on any instance.
CREATE FUNCTION arena_notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_accounts_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER settings_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER games_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER topup_packages_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON topup_packages
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
