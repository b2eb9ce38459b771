DROP TABLE IF EXISTS pickups;
DROP TABLE IF EXISTS consignee_notifications;
DROP TABLE IF EXISTS tracking_events;
DROP TABLE IF EXISTS shipments;
DROP TABLE IF EXISTS labels;
DROP TABLE IF EXISTS label_requests;
