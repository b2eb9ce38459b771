DROP TABLE IF EXISTS import_runs;
DROP TABLE IF EXISTS evidence_packages;
DROP TABLE IF EXISTS plate_corrections;
DROP TABLE IF EXISTS vendor_voids;
DROP TABLE IF EXISTS citation_events;
DROP TABLE IF EXISTS citations;
DROP TABLE IF EXISTS violations;
