// Package audit records back-office actions.
package audit

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/ids"
)

// Entry is a row of audit_log.
type Entry struct {
	ID         string          `db:"id"`
	Actor      string          `db:"actor"`
	Action     string          `db:"action"`
	TargetType string          `db:"target_type"`
	TargetID   string          `db:"target_id"`
	Detail     json.RawMessage `db:"detail"`
	CreatedAt  time.Time       `db:"created_at,readonly"`
}

// Log writes audit entries.
type Log struct {
	repo *db.Repo[Entry]
	ids  ids.Generator
}

// NewLog returns an audit Log.
func NewLog() *Log {
	return &Log{repo: db.NewRepo[Entry]("audit_log", "id"), ids: ids.UUID}
}

// Record appends an entry in tx.
func (l *Log) Record(ctx context.Context, tx sqlx.ExtContext, actor, action, targetType, targetID string, detail any) error {
	raw, err := json.Marshal(detail)
	if err != nil {
		return err
	}
	return l.repo.Insert(ctx, tx, &Entry{
		ID:         l.ids.New(),
		Actor:      actor,
		Action:     action,
		TargetType: targetType,
		TargetID:   targetID,
		Detail:     raw,
	})
}
