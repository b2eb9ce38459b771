package pg

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// bankWebhookEventsDDL is applied at API start-up. The table predates the
// migrations directory and is owned by the webhook team.
const bankWebhookEventsDDL = `
CREATE TABLE IF NOT EXISTS bank_webhook_events (
    event_id    text        PRIMARY KEY,
    event_type  text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
)`

// BankEventRepo implements repo.BankEvents.
type BankEventRepo struct{ q sqlx.ExtContext }

// NewBankEventRepo builds the repository.
func NewBankEventRepo(q sqlx.ExtContext) *BankEventRepo { return &BankEventRepo{q: q} }

// EnsureSchema creates the backing table if needed.
func (r *BankEventRepo) EnsureSchema(ctx context.Context) error {
	_, err := r.q.ExecContext(ctx, bankWebhookEventsDDL)
	return err
}

// Seen reports whether the event id has been recorded.
func (r *BankEventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	var exists bool
	err := sqlx.GetContext(ctx, r.q, &exists,
		`SELECT EXISTS (SELECT 1 FROM bank_webhook_events WHERE event_id = $1)`, eventID)
	return exists, err
}

// Record stores the event id.
func (r *BankEventRepo) Record(ctx context.Context, eventID, eventType string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO bank_webhook_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return err
}
