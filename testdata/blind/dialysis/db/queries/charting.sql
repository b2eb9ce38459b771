-- name: InsertVitals :execrows
INSERT INTO vitals (
    id, session_id, phase, systolic, diastolic, pulse, temp_decicelsius,
    blood_flow_rate, dialysate_flow_rate, venous_pressure, recorded_by, recorded_at
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
)
ON CONFLICT (id) DO NOTHING;

-- name: GetVitals :one
SELECT id, session_id, phase, systolic, diastolic, pulse, temp_decicelsius, blood_flow_rate, dialysate_flow_rate, venous_pressure, recorded_by, recorded_at, created_at FROM vitals
WHERE id = $1;

-- name: InsertMedicationAdministration :one
INSERT INTO medication_administrations (
    id, session_id, medication_code, medication_name, dose, dose_unit, route,
    lot_number, administered_by, administered_at
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
)
RETURNING id, session_id, medication_code, medication_name, dose, dose_unit, route, lot_number, administered_by, administered_at, created_at;

-- name: UpsertSupplyUsage :exec
INSERT INTO supply_usage (session_id, sku, quantity)
VALUES ($1, $2, $3)
ON CONFLICT (session_id, sku) DO UPDATE SET quantity = EXCLUDED.quantity;

-- name: ConsumeInventory :exec
UPDATE clinic_inventory
SET on_hand = GREATEST(on_hand - $3, 0), updated_at = now()
WHERE clinic_id = $1 AND sku = $2;
