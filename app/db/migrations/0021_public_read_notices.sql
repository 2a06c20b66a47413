-- The tables behind what every visitor of the landing and of a tournament page sees (cards, places taken,
-- stages and champions, streams and live badges, replays, featured streamers): the same "this table
-- changed" notice as migration 0008, so each process's shared copy of that public part is dropped on
-- any write, whoever made it, on any instance (app/features/tournaments/public-reads.server.ts).
CREATE TRIGGER tournaments_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tournaments
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER registrations_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON registrations
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER competition_settings_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON competition_settings
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER competition_entrants_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON competition_entrants
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER bracket_rows_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bracket_rows
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER competition_results_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON competition_results
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER competition_lobby_results_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON competition_lobby_results
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER competition_audit_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON competition_audit
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER tournament_streams_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tournament_streams
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER tournament_recordings_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tournament_recordings
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER tournament_replay_settings_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tournament_replay_settings
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER streamers_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON streamers
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER streamer_follows_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON streamer_follows
  FOR EACH STATEMENT EXECUTE FUNCTION arena_notify_table_changed();
