DROP TABLE IF EXISTS partner_events;
DROP TABLE IF EXISTS partner_call_attempts;
DROP TABLE IF EXISTS interment_timeline;
DROP TABLE IF EXISTS interments;
