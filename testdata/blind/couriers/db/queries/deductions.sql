-- name: InsertEquipmentPlan :execrows
INSERT INTO equipment_plans (
    id, issue_id, courier_id, item_sku, total_cents, installment_cents, deposit_cents
) VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (issue_id) DO NOTHING;

-- name: GetEquipmentPlanByIssue :one
SELECT * FROM equipment_plans WHERE issue_id = $1;

-- name: InsertInstallment :exec
INSERT INTO deduction_installments (id, plan_id, courier_id, seq, due_on, amount_cents)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (plan_id, seq) DO NOTHING;

-- name: MarkPlanReturned :execrows
UPDATE equipment_plans
SET status = 'returned', returned_at = $2, updated_at = now()
WHERE id = $1 AND status = 'active';

-- name: CancelScheduledInstallments :execrows
UPDATE deduction_installments
SET status = 'cancelled', updated_at = now()
WHERE plan_id = $1 AND status = 'scheduled';

-- name: ListDueInstallments :many
SELECT * FROM deduction_installments
WHERE status = 'scheduled' AND due_on <= $1
ORDER BY due_on, id
LIMIT $2;

-- name: GetInstallment :one
SELECT * FROM deduction_installments WHERE id = $1;

-- name: MarkInstallmentApplied :exec
UPDATE deduction_installments
SET status = 'applied', applied_payout_id = $2, updated_at = now()
WHERE id = $1;

-- name: WaiveInstallment :execrows
UPDATE deduction_installments
SET status = 'waived', updated_at = now()
WHERE id = $1 AND status = 'scheduled';

-- name: InsertDeductionWaiver :execrows
INSERT INTO deduction_waivers (installment_id, waived_by, reason)
VALUES ($1, $2, $3)
ON CONFLICT (installment_id) DO NOTHING;

-- name: SettlePlanIfComplete :execrows
UPDATE equipment_plans ep
SET status = 'settled', updated_at = now()
WHERE ep.id = $1 AND ep.status = 'active'
  AND NOT EXISTS (
      SELECT 1 FROM deduction_installments di
      WHERE di.plan_id = ep.id AND di.status = 'scheduled'
  );

-- name: InsertEquipmentCharge :execrows
INSERT INTO equipment_charges (id, courier_id, request_key, item_sku, amount_cents, reason, created_by)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (courier_id, request_key) DO NOTHING;

-- name: GetEquipmentChargeByKey :one
SELECT * FROM equipment_charges WHERE courier_id = $1 AND request_key = $2;

-- name: SumUnappliedCharges :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint AS total_cents
FROM equipment_charges
WHERE courier_id = $1 AND payout_id IS NULL;

-- name: AttachUnappliedCharges :execrows
UPDATE equipment_charges SET payout_id = sqlc.arg(payout_id)
WHERE courier_id = sqlc.arg(courier_id) AND payout_id IS NULL;

-- name: SumRefundableDeposits :one
SELECT COALESCE(SUM(deposit_cents), 0)::bigint AS total_cents
FROM equipment_plans
WHERE courier_id = $1 AND status IN ('returned', 'settled');

-- name: InsertDepositRefund :exec
INSERT INTO deposit_refunds (id, courier_id, amount_cents)
VALUES ($1, $2, $3)
ON CONFLICT (courier_id) DO NOTHING;

-- name: GetDepositRefund :one
SELECT * FROM deposit_refunds WHERE courier_id = $1;

-- name: MarkDepositRefundPaid :exec
UPDATE deposit_refunds
SET status = 'paid', stripe_transfer_id = $2, updated_at = now()
WHERE id = $1;
