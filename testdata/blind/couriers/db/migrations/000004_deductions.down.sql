DROP TABLE IF EXISTS deposit_refunds;
DROP TABLE IF EXISTS deduction_waivers;
DROP TABLE IF EXISTS equipment_charges;
DROP TABLE IF EXISTS deduction_installments;
DROP TABLE IF EXISTS equipment_plans;
