DROP TABLE IF EXISTS premium_withholdings;
DROP TABLE IF EXISTS premium_remittances;
DROP TABLE IF EXISTS insurance_enrollments;
