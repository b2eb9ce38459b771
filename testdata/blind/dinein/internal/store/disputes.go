package store

import (
	"context"
)

// DisputeRepository persists card disputes.
type DisputeRepository interface {
	Insert(ctx context.Context, q Querier, d *Dispute) error
	UpdateStatus(ctx context.Context, q Querier, stripeDisputeID, status string) error
}

type pgDisputes struct{}

// NewDisputeRepository returns the Postgres dispute repository.
func NewDisputeRepository() *pgDisputes { return &pgDisputes{} }

func (r *pgDisputes) Insert(ctx context.Context, q Querier, d *Dispute) error {
	_, err := q.Exec(ctx, `
		INSERT INTO disputes (stripe_dispute_id, order_id, amount_cents, reason, status, evidence_due_by)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		d.StripeDisputeID, d.OrderID, d.AmountCents, d.Reason, d.Status, d.EvidenceDueBy)
	return mapErr(err)
}

func (r *pgDisputes) UpdateStatus(ctx context.Context, q Querier, stripeDisputeID, status string) error {
	_, err := q.Exec(ctx,
		`UPDATE disputes SET status = $2 WHERE stripe_dispute_id = $1`, stripeDisputeID, status)
	return err
}
