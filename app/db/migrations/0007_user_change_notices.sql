-- "This user's session data changed": every instance keeps a short-lived copy of each signed-in
-- person (app/features/auth/session-cache.server.ts) and drops it when this notice arrives, whoever
-- wrote the row (better-auth, the back-office, an admin script, another instance). The trigger's
-- argument names the row's user id column.
CREATE FUNCTION arena_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_changed', to_jsonb(CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION arena_notify_user_changed('id');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION arena_notify_user_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER membership_periods_notify_changed AFTER INSERT OR UPDATE OR DELETE ON membership_periods
  FOR EACH ROW EXECUTE FUNCTION arena_notify_user_changed('user_id');
