// Package inbox records which messages a consumer has processed.
package inbox

import (
	"context"
	"database/sql"
	"errors"

	"github.com/meridianlabs/labs/internal/platform/db"
)

// Inbox is backed by the processed_messages table.
type Inbox struct {
	db db.DBTX
}

// New returns an Inbox using conn.
func New(conn db.DBTX) *Inbox { return &Inbox{db: conn} }

// WithTx returns an Inbox bound to tx.
func (i *Inbox) WithTx(tx *sql.Tx) *Inbox { return &Inbox{db: tx} }

// Claim records (handler, messageID). It returns false when the message
// was already recorded. Call it in the transaction of the handler's writes.
func (i *Inbox) Claim(ctx context.Context, handler, messageID string) (bool, error) {
	res, err := i.db.ExecContext(ctx, `
		INSERT INTO processed_messages (handler, message_id)
		VALUES ($1, $2)
		ON CONFLICT (handler, message_id) DO NOTHING`, handler, messageID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Seen reports whether (handler, messageID) was recorded.
func (i *Inbox) Seen(ctx context.Context, handler, messageID string) (bool, error) {
	var one int
	err := i.db.QueryRowContext(ctx, `
		SELECT 1 FROM processed_messages WHERE handler = $1 AND message_id = $2`,
		handler, messageID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// Mark records (handler, messageID) if absent.
func (i *Inbox) Mark(ctx context.Context, handler, messageID string) error {
	_, err := i.Claim(ctx, handler, messageID)
	return err
}
