DROP TABLE IF EXISTS tow_requests;
DROP TABLE IF EXISTS fine_events;
DROP TABLE IF EXISTS evidence_photos;
DROP TABLE IF EXISTS fine_disputes;
DROP TABLE IF EXISTS fine_payments;
DROP TABLE IF EXISTS fines;
