package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

type notificationRepo struct{ db *sql.DB }

// NewNotificationRepository returns the outgoing-message store.
func NewNotificationRepository(db *sql.DB) NotificationRepository {
	return &notificationRepo{db: db}
}

// Claim reserves (kind, ref) before the message is sent. It returns false
// when the message was already claimed by an earlier attempt.
func (r *notificationRepo) Claim(ctx context.Context, n domain.Notification) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO notifications (id, patron_id, kind, ref, status, created_at)
		VALUES ($1, $2, $3, $4, 'sending', $5)
		ON CONFLICT (kind, ref) DO NOTHING`,
		n.ID, n.PatronID, n.Kind, n.Ref, n.CreatedAt)
	if err != nil {
		return false, fmt.Errorf("claim notification: %w", err)
	}
	c, _ := res.RowsAffected()
	return c == 1, nil
}

// Record stores a message that has gone out.
func (r *notificationRepo) Record(ctx context.Context, n domain.Notification) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO notifications (id, patron_id, kind, ref, provider_message_id, status, created_at)
		VALUES ($1, $2, $3, $4, $5, 'sent', $6)
		ON CONFLICT (kind, ref) DO UPDATE
		   SET provider_message_id = EXCLUDED.provider_message_id, status = 'sent'`,
		n.ID, n.PatronID, n.Kind, n.Ref, nullString(n.ProviderMessageID), n.CreatedAt)
	return err
}

func (r *notificationRepo) SetSent(ctx context.Context, kind, ref, providerMessageID string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE notifications SET status = 'sent', provider_message_id = $3
		 WHERE kind = $1 AND ref = $2`, kind, ref, providerMessageID)
	return err
}

type outboxRepo struct{ db *sql.DB }

// NewOutboxRepository returns the transactional task outbox.
func NewOutboxRepository(db *sql.DB) OutboxRepository { return &outboxRepo{db: db} }

func (r *outboxRepo) Add(ctx context.Context, tx *sql.Tx, taskType string, payload []byte) error {
	_, err := tx.ExecContext(ctx,
		`INSERT INTO outbox (task_type, payload) VALUES ($1, $2)`, taskType, payload)
	return err
}

func (r *outboxRepo) Pending(ctx context.Context, limit int) ([]OutboxEntry, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT id, task_type, payload FROM outbox
		 WHERE relayed_at IS NULL ORDER BY id LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OutboxEntry
	for rows.Next() {
		var e OutboxEntry
		if err := rows.Scan(&e.ID, &e.TaskType, &e.Payload); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (r *outboxRepo) MarkRelayed(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE outbox SET relayed_at = now() WHERE id = $1 AND relayed_at IS NULL`, id)
	return err
}

type batchRunRepo struct{ db *sql.DB }

// NewBatchRunRepository returns the batch run log.
func NewBatchRunRepository(db *sql.DB) BatchRunRepository { return &batchRunRepo{db: db} }

// Start appends a row for this attempt of a job. Reruns get rows of their
// own so the operations dashboard shows every attempt.
func (r *batchRunRepo) Start(ctx context.Context, id, job string, runDate, startedAt time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO batch_runs (id, job, run_date, started_at, status)
		VALUES ($1, $2, $3, $4, 'running')`, id, job, runDate, startedAt)
	return err
}

func (r *batchRunRepo) Finish(ctx context.Context, id, status string, stats []byte, at time.Time) error {
	var s sql.NullString
	if len(stats) > 0 {
		s = sql.NullString{String: string(stats), Valid: true}
	}
	_, err := r.db.ExecContext(ctx, `
		UPDATE batch_runs SET status = $2, stats = $3, finished_at = $4 WHERE id = $1`,
		id, status, s, at)
	return err
}
