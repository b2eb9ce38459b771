DROP TABLE IF EXISTS engraving_submissions;
DROP TABLE IF EXISTS engraving_orders;
