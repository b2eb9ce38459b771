DROP TABLE IF EXISTS wipe_certificates;
DROP TABLE IF EXISTS wipe_jobs;
DROP TABLE IF EXISTS offer_notifications;
DROP TABLE IF EXISTS gradings;
DROP TABLE IF EXISTS intake_tasks;
DROP TABLE IF EXISTS devices;
