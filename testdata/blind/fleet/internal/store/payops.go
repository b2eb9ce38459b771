package store

import (
	"context"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type PaymentOps struct{}

func NewPaymentOps() *PaymentOps { return &PaymentOps{} }

// InsertPending records an operation before it is sent to the processor.
// Recording the same operation twice is a no-op.
func (PaymentOps) InsertPending(ctx context.Context, q db.Ext, op domain.PaymentOp) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO payment_operations (id, kind, subject_id, intent_id, amount_cents, status)
		VALUES ($1, $2, $3, $4, $5, 'pending')
		ON CONFLICT (id) DO NOTHING`, op.ID, op.Kind, op.SubjectID, op.IntentID, op.AmountCents)
	return err
}

func (PaymentOps) Get(ctx context.Context, q db.Ext, id string) (domain.PaymentOp, error) {
	var op domain.PaymentOp
	err := q.GetContext(ctx, &op, `SELECT * FROM payment_operations WHERE id = $1`, id)
	return op, notFound(err, "payment operation")
}

// Complete marks an operation done and stores the processor's object id.
func (PaymentOps) Complete(ctx context.Context, q db.Ext, id, intentID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE payment_operations SET status = 'done', intent_id = $2, completed_at = now()
		 WHERE id = $1`, id, intentID)
	return err
}
