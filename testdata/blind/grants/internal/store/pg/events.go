package pg

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/repo"
)

// ProcessedEventRepo implements repo.ProcessedEvents for Stripe webhooks.
type ProcessedEventRepo struct{ q sqlx.ExtContext }

// NewProcessedEventRepo builds the repository.
func NewProcessedEventRepo(q sqlx.ExtContext) *ProcessedEventRepo { return &ProcessedEventRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *ProcessedEventRepo) WithTx(tx *sqlx.Tx) repo.ProcessedEvents {
	return &ProcessedEventRepo{q: tx}
}

// MarkProcessed inserts the event id and reports whether it was new.
func (r *ProcessedEventRepo) MarkProcessed(ctx context.Context, eventID, eventType string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT INTO processed_stripe_events (event_id, event_type)
		VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// OutboxRepo implements repo.Outbox.
type OutboxRepo struct{ q sqlx.ExtContext }

// NewOutboxRepo builds the repository.
func NewOutboxRepo(q sqlx.ExtContext) *OutboxRepo { return &OutboxRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *OutboxRepo) WithTx(tx *sqlx.Tx) repo.Outbox { return &OutboxRepo{q: tx} }

// Enqueue stores an event for the relay.
func (r *OutboxRepo) Enqueue(ctx context.Context, m domain.OutboxMessage) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO outbox (id, event_type, group_id, payload)
		VALUES ($1, $2, $3, $4)`, m.ID, m.EventType, m.GroupID, m.Payload)
	return err
}

// LockUnsent claims up to limit unsent rows for this relay instance.
func (r *OutboxRepo) LockUnsent(ctx context.Context, limit int) ([]domain.OutboxMessage, error) {
	var rows []domain.OutboxMessage
	err := sqlx.SelectContext(ctx, r.q, &rows, `
		SELECT id, event_type, group_id, payload, created_at, sent_at
		  FROM outbox
		 WHERE sent_at IS NULL
		 ORDER BY created_at
		 LIMIT $1
		   FOR UPDATE SKIP LOCKED`, limit)
	return rows, err
}

// MarkSent stamps a relayed row.
func (r *OutboxRepo) MarkSent(ctx context.Context, id string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `UPDATE outbox SET sent_at = $2 WHERE id = $1`, id, at)
	return err
}

// InboxRepo implements repo.Inbox.
type InboxRepo struct{ q sqlx.ExtContext }

// NewInboxRepo builds the repository.
func NewInboxRepo(q sqlx.ExtContext) *InboxRepo { return &InboxRepo{q: q} }

// Claim records (consumer, messageID) and reports whether it was new.
func (r *InboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT INTO consumer_inbox (consumer, message_id)
		VALUES ($1, $2)
		ON CONFLICT (consumer, message_id) DO NOTHING`, consumer, messageID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// AuditRepo implements repo.Audit.
type AuditRepo struct{ q sqlx.ExtContext }

// NewAuditRepo builds the repository.
func NewAuditRepo(q sqlx.ExtContext) *AuditRepo { return &AuditRepo{q: q} }

// Append adds one row per received delivery.
func (r *AuditRepo) Append(ctx context.Context, id, source string, payload []byte) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO webhook_audit (id, source, payload) VALUES ($1, $2, $3)`, id, source, payload)
	return err
}
