package mysqlstore

import (
	"context"
	"time"
)

type inboxRepo struct{ q querier }

func (r inboxRepo) Accept(ctx context.Context, provider, eventID, eventType string, at time.Time) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		INSERT IGNORE INTO webhook_events (provider, event_id, event_type, received_at) VALUES (?, ?, ?, ?)`,
		provider, eventID, eventType, at))
}

func (r inboxRepo) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var n int
	err := r.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM webhook_events WHERE provider = ? AND event_id = ?`, provider, eventID)
	return n > 0, err
}

func (r inboxRepo) JobDone(ctx context.Context, key string) (bool, error) {
	var n int
	err := r.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM job_markers WHERE job_key = ?`, key)
	return n > 0, err
}

func (r inboxRepo) MarkJobDone(ctx context.Context, key string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO job_markers (job_key, completed_at) VALUES (?, ?)
		ON DUPLICATE KEY UPDATE completed_at = VALUES(completed_at)`, key, at)
	return err
}
