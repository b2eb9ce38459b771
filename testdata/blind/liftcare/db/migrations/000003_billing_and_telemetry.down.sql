DROP TABLE IF EXISTS firmware_reports;
DROP TABLE IF EXISTS controller_status;
DROP TABLE IF EXISTS fault_resolutions;
DROP TABLE IF EXISTS faults;
DROP TABLE IF EXISTS processed_events;
DROP TABLE IF EXISTS invoices;
