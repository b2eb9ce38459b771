package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

// SMSLogRepository is an append-only record of outbound SMS submissions.
type SMSLogRepository interface {
	Append(ctx context.Context, l domain.SMSLog) error
	UpdateStatusByProviderID(ctx context.Context, providerMessageID, status string) (int64, error)
}

type smsLogRepo struct{ db *sqlx.DB }

func NewSMSLogRepository(db *sqlx.DB) SMSLogRepository { return &smsLogRepo{db: db} }

func (r *smsLogRepo) Append(ctx context.Context, l domain.SMSLog) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO sms_log (id, account_id, to_number, purpose, client_reference, provider_message_id,
			status, created_at, updated_at)
		VALUES (:id, :account_id, :to_number, :purpose, :client_reference, :provider_message_id,
			:status, :created_at, :updated_at)`, l)
	return err
}

// UpdateStatusByProviderID applies a delivery receipt. Receipts can arrive out
// of order, so a terminal status is never overwritten.
func (r *smsLogRepo) UpdateStatusByProviderID(ctx context.Context, providerMessageID, status string) (int64, error) {
	res, err := r.db.ExecContext(ctx, `
		UPDATE sms_log SET status = $2, updated_at = now()
		WHERE provider_message_id = $1 AND status NOT IN ('delivered', 'failed', 'rejected')`,
		providerMessageID, status)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// InboundSMSRepository records keyword replies received from drivers.
type InboundSMSRepository interface {
	Claim(ctx context.Context, providerMessageID, from, body string) (bool, error)
}

type inboundSMSRepo struct{ db *sqlx.DB }

func NewInboundSMSRepository(db *sqlx.DB) InboundSMSRepository { return &inboundSMSRepo{db: db} }

func (r *inboundSMSRepo) Claim(ctx context.Context, providerMessageID, from, body string) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO inbound_sms (provider_message_id, from_number, body)
		VALUES ($1, $2, $3)
		ON CONFLICT (provider_message_id) DO NOTHING`, providerMessageID, from, body)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// StripeEventRepository remembers which webhook events have been handled.
type StripeEventRepository interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Record(ctx context.Context, eventID, eventType string) error
}

type stripeEventRepo struct{ db *sqlx.DB }

func NewStripeEventRepository(db *sqlx.DB) StripeEventRepository { return &stripeEventRepo{db: db} }

func (r *stripeEventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	var exists bool
	err := r.db.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`, eventID)
	return exists, err
}

func (r *stripeEventRepo) Record(ctx context.Context, eventID, eventType string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO stripe_events (event_id, type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return err
}
