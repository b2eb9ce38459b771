package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
)

// WebhookRepo remembers which provider webhook events were processed.
type WebhookRepo interface {
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, provider, eventID, eventType string) error
}

type webhookRepo struct{ q sqlx.ExtContext }

func (r *webhookRepo) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var n int
	err := sqlx.GetContext(ctx, r.q, &n,
		`SELECT COUNT(*) FROM webhook_events WHERE provider = ? AND event_id = ?`, provider, eventID)
	return n > 0, err
}

func (r *webhookRepo) MarkProcessed(ctx context.Context, provider, eventID, eventType string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO webhook_events (provider, event_id, event_type, processed_at)
		VALUES (?, ?, ?, ?)
		ON DUPLICATE KEY UPDATE processed_at = VALUES(processed_at)`,
		provider, eventID, eventType, time.Now().UTC())
	return err
}

// AuditEntry is one line of the append-only consumer and provider audit log.
type AuditEntry struct {
	ID        string    `db:"id"`
	Source    string    `db:"source"`
	Action    string    `db:"action"`
	Subject   string    `db:"subject"`
	Detail    string    `db:"detail"`
	CreatedAt time.Time `db:"created_at"`
}

// AuditRepo appends audit lines. Rows are never updated or read back by the
// services; they exist for support and reconciliation.
type AuditRepo interface {
	Append(ctx context.Context, e AuditEntry) error
}

type auditRepo struct{ q sqlx.ExtContext }

func (r *auditRepo) Append(ctx context.Context, e AuditEntry) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO audit_log (id, source, action, subject, detail, created_at)
		VALUES (:id, :source, :action, :subject, :detail, :created_at)`, e)
	return err
}
