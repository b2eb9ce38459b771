DROP TABLE IF EXISTS partner_call_log;
DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS copays;
DROP TABLE IF EXISTS preauth_decisions;
DROP TABLE IF EXISTS preauth_requests;
