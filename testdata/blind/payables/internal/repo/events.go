package repo

import (
	"context"
	"database/sql"
)

// EventRepo tracks inbound events (webhooks, queue messages) already applied.
type EventRepo interface {
	WithTx(tx *sql.Tx) EventRepo
	// Claim records (source, id) and reports whether this call recorded it.
	Claim(ctx context.Context, source, id string) (bool, error)
	Seen(ctx context.Context, source, id string) (bool, error)
	MarkProcessed(ctx context.Context, source, id string) error
}

type eventRepo struct{ base }

// NewEventRepo returns an EventRepo.
func NewEventRepo(db *sql.DB) EventRepo { return &eventRepo{base{db}} }

func (r *eventRepo) WithTx(tx *sql.Tx) EventRepo { return &eventRepo{base{tx}} }

func (r *eventRepo) Claim(ctx context.Context, source, id string) (bool, error) {
	res, err := r.insert("processed_events").
		Columns("source", "event_id").
		Values(source, id).
		Suffix("ON CONFLICT (source, event_id) DO NOTHING").
		ExecContext(ctx)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

func (r *eventRepo) Seen(ctx context.Context, source, id string) (bool, error) {
	var ok bool
	err := r.db.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM processed_events WHERE source = $1 AND event_id = $2)`,
		source, id).Scan(&ok)
	return ok, err
}

func (r *eventRepo) MarkProcessed(ctx context.Context, source, id string) error {
	_, err := r.Claim(ctx, source, id)
	return err
}
