DROP TABLE IF EXISTS collection_remittances;
DROP TABLE IF EXISTS collections_referrals;
DROP TABLE IF EXISTS dmv_holds;
DROP TABLE IF EXISTS hearings;
DROP TABLE IF EXISTS disputes;
