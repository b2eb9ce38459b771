// Package store logs the mail sent.
package store

import (
	"context"
	"database/sql"
)

// Log keeps a row per message sent.
type Log struct{ DB *sql.DB }

func (l Log) Sent(ctx context.Context, id, providerID string) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO sent_mail (id, provider_id) VALUES ($1, $2)", id, providerID)
	return err
}
