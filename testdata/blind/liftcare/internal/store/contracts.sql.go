package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

const getContract = `-- name: GetContract :one
SELECT id, building_id, tier, monthly_fee_cents, starts_on, ends_on, status
FROM contracts WHERE id = $1`

func (q *Queries) GetContract(ctx context.Context, id uuid.UUID) (Contract, error) {
	var c Contract
	err := q.db.QueryRow(ctx, getContract, id).Scan(
		&c.ID, &c.BuildingID, &c.Tier, &c.MonthlyFeeCents, &c.StartsOn, &c.EndsOn, &c.Status)
	return c, err
}

const listActiveContracts = `-- name: ListActiveContracts :many
SELECT id, building_id, tier, monthly_fee_cents, starts_on, ends_on, status
FROM contracts WHERE status = 'active' ORDER BY id`

func (q *Queries) ListActiveContracts(ctx context.Context) ([]Contract, error) {
	rows, err := q.db.Query(ctx, listActiveContracts)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Contract])
}

const extendContract = `-- name: ExtendContract :execrows
UPDATE contracts SET ends_on = $2, status = 'active', updated_at = now()
WHERE id = $1 AND status IN ('active', 'expiring') AND ends_on < $2`

type ExtendContractParams struct {
	ID     uuid.UUID
	EndsOn time.Time
}

func (q *Queries) ExtendContract(ctx context.Context, arg ExtendContractParams) (int64, error) {
	tag, err := q.db.Exec(ctx, extendContract, arg.ID, arg.EndsOn)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const activateContract = `-- name: ActivateContract :execrows
UPDATE contracts SET status = 'active', updated_at = now()
WHERE id = $1 AND status = 'draft'`

func (q *Queries) ActivateContract(ctx context.Context, id uuid.UUID) (int64, error) {
	tag, err := q.db.Exec(ctx, activateContract, id)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const insertContractCharge = `-- name: InsertContractCharge :exec
INSERT INTO contract_charges (contract_id, kind, amount_cents, period)
VALUES ($1, $2, $3, $4)`

type InsertContractChargeParams struct {
	ContractID  uuid.UUID
	Kind        string
	AmountCents int64
	Period      string
}

func (q *Queries) InsertContractCharge(ctx context.Context, arg InsertContractChargeParams) error {
	_, err := q.db.Exec(ctx, insertContractCharge, arg.ContractID, arg.Kind, arg.AmountCents, arg.Period)
	return err
}

const listBillableContracts = `-- name: ListBillableContracts :many
SELECT c.id, b.name, b.owner_name, b.owner_email, c.monthly_fee_cents,
       COALESCE((SELECT sum(cc.amount_cents) FROM contract_charges cc
                 WHERE cc.contract_id = c.id AND cc.period = $1), 0)::bigint
FROM contracts c JOIN buildings b ON b.id = c.building_id
WHERE c.status = 'active'
ORDER BY c.id`

func (q *Queries) ListBillableContracts(ctx context.Context, period string) ([]BillableContract, error) {
	rows, err := q.db.Query(ctx, listBillableContracts, period)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[BillableContract])
}
