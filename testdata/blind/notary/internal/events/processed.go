package events

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/dbx"
)

// ProcessedLog remembers which deliveries a consumer has handled.
type ProcessedLog struct {
	db *sqlx.DB
}

func NewProcessedLog(db *sqlx.DB) *ProcessedLog {
	return &ProcessedLog{db: db}
}

// Claim inserts (consumer, msgID) on the transaction in ctx and reports
// whether this call inserted it.
func (p *ProcessedLog) Claim(ctx context.Context, consumer, msgID string) (bool, error) {
	res, err := dbx.Ext(ctx, p.db).ExecContext(ctx, `
		INSERT INTO processed_events (consumer, msg_id) VALUES ($1, $2)
		ON CONFLICT (consumer, msg_id) DO NOTHING`, consumer, msgID)
	n, err := dbx.RowsAffected(res, err)
	return n == 1, err
}

// Seen reports whether (consumer, msgID) was already recorded.
func (p *ProcessedLog) Seen(ctx context.Context, consumer, msgID string) (bool, error) {
	var one int
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, p.db), &one,
		`SELECT 1 FROM processed_events WHERE consumer = $1 AND msg_id = $2`, consumer, msgID)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// Mark records (consumer, msgID) as handled.
func (p *ProcessedLog) Mark(ctx context.Context, consumer, msgID string) error {
	_, err := dbx.Ext(ctx, p.db).ExecContext(ctx, `
		INSERT INTO processed_events (consumer, msg_id) VALUES ($1, $2)
		ON CONFLICT (consumer, msg_id) DO NOTHING`, consumer, msgID)
	return err
}
