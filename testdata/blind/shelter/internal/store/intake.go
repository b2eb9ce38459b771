package store

import (
	"context"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/domain"
)

type IntakeRepo struct{ q DBTX }

// InsertTransfer records a partner's transfer of an animal into our care.
func (r *IntakeRepo) InsertTransfer(ctx context.Context, t domain.IntakeTransfer) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO intake_transfers (id, partner_id, partner_transfer_id, animal_id, expected_arrival, received_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		t.ID, t.PartnerID, t.PartnerTransferID, t.AnimalID, t.ExpectedArrival, t.ReceivedAt)
	return err
}

func (r *IntakeRepo) GetTransfer(ctx context.Context, partnerID, partnerTransferID string) (domain.IntakeTransfer, error) {
	var t domain.IntakeTransfer
	err := r.q.GetContext(ctx, &t, `
		SELECT * FROM intake_transfers WHERE partner_id = $1 AND partner_transfer_id = $2`,
		partnerID, partnerTransferID)
	return t, notFound(err)
}

// CancelTransfer marks a transfer as cancelled by the partner. Returns false
// when it was already cancelled.
func (r *IntakeRepo) CancelTransfer(ctx context.Context, partnerID, partnerTransferID string, at time.Time) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE intake_transfers SET cancelled_at = $3
		WHERE partner_id = $1 AND partner_transfer_id = $2 AND cancelled_at IS NULL`,
		partnerID, partnerTransferID, at)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *IntakeRepo) InsertExam(ctx context.Context, e domain.IntakeExam) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO intake_exams (id, animal_id, transfer_id, scheduled_for, notes, created_at)
		VALUES (:id, :animal_id, :transfer_id, :scheduled_for, :notes, :created_at)`, e)
	return err
}

// WebhookLog appends one row per inbound webhook hit.
type WebhookLog struct{ q DBTX }

func NewWebhookLog(db DBTX) *WebhookLog { return &WebhookLog{q: db} }

func (l *WebhookLog) Append(ctx context.Context, id, source, deliveryID, bodySHA string, at time.Time) error {
	_, err := l.q.ExecContext(ctx, `
		INSERT INTO webhook_deliveries (id, source, delivery_id, body_sha256, received_at)
		VALUES ($1, $2, $3, $4, $5)`, id, source, deliveryID, bodySHA, at)
	return err
}
