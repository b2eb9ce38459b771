// Package sentlog records the texts sent.
package sentlog

import (
	"context"
	"database/sql"
)

// Log records texts on the database.
type Log struct{ DB *sql.DB }

// Sent records the text sent under ref, and the gateway's ID for it.
func (l *Log) Sent(ctx context.Context, ref, id string) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO sent_texts (ref, gateway_id) VALUES ($1, $2) ON CONFLICT (ref) DO NOTHING", ref, id)
	return err
}
