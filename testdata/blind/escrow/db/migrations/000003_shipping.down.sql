DROP TABLE IF EXISTS shipment_exceptions;
DROP TABLE IF EXISTS delivery_events;
DROP TABLE IF EXISTS pickups;
DROP TABLE IF EXISTS shipments;
