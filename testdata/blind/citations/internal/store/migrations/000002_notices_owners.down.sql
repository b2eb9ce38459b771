DROP TABLE IF EXISTS processed_events;
DROP TABLE IF EXISTS address_trace_requests;
DROP TABLE IF EXISTS notices;
DROP TABLE IF EXISTS address_corrections;
DROP TABLE IF EXISTS registered_owners;
