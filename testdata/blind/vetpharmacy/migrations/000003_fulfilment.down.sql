DROP TABLE IF EXISTS notifications;
DROP TABLE IF EXISTS courier_call_log;
DROP TABLE IF EXISTS shipment_events;
DROP TABLE IF EXISTS shipments;
DROP TABLE IF EXISTS pick_list_lines;
DROP TABLE IF EXISTS pick_lists;
