DROP TABLE IF EXISTS review_cases;
DROP TABLE IF EXISTS risk_holds;
