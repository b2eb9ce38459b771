package db

import (
	"context"
)

const insertMerchantRefund = `-- name: InsertMerchantRefund :execrows
INSERT INTO merchant_refunds (id, merchant_id, merchant_refund_ref, loan_id, amount_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (merchant_id, merchant_refund_ref) DO NOTHING
`

type InsertMerchantRefundParams struct {
	ID                string
	MerchantID        string
	MerchantRefundRef string
	LoanID            string
	AmountCents       int64
}

func (q *Queries) InsertMerchantRefund(ctx context.Context, arg InsertMerchantRefundParams) (int64, error) {
	tag, err := q.db.Exec(ctx, insertMerchantRefund,
		arg.ID, arg.MerchantID, arg.MerchantRefundRef, arg.LoanID, arg.AmountCents)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const insertOrderAdjustment = `-- name: InsertOrderAdjustment :exec
INSERT INTO order_adjustments (id, loan_id, merchant_id, order_ref, amount_cents, reason)
VALUES ($1, $2, $3, $4, $5, $6)
`

type InsertOrderAdjustmentParams struct {
	ID          string
	LoanID      string
	MerchantID  string
	OrderRef    string
	AmountCents int64
	Reason      string
}

func (q *Queries) InsertOrderAdjustment(ctx context.Context, arg InsertOrderAdjustmentParams) error {
	_, err := q.db.Exec(ctx, insertOrderAdjustment,
		arg.ID, arg.LoanID, arg.MerchantID, arg.OrderRef, arg.AmountCents, arg.Reason)
	return err
}

const insertBalanceAdjustment = `-- name: InsertBalanceAdjustment :execrows
INSERT INTO balance_adjustments (id, loan_id, reference, amount_cents, reason, actor)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (loan_id, reference) DO NOTHING
`

type InsertBalanceAdjustmentParams struct {
	ID          string
	LoanID      string
	Reference   string
	AmountCents int64
	Reason      string
	Actor       string
}

func (q *Queries) InsertBalanceAdjustment(ctx context.Context, arg InsertBalanceAdjustmentParams) (int64, error) {
	tag, err := q.db.Exec(ctx, insertBalanceAdjustment,
		arg.ID, arg.LoanID, arg.Reference, arg.AmountCents, arg.Reason, arg.Actor)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}
