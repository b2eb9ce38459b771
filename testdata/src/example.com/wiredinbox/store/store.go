// Package store keeps the inbox and the ledger.
package store

import (
	"context"

	"example.com/wiredinbox/pgdb"
)

// Inbox records the messages handled.
type Inbox struct{}

func (Inbox) Seen(ctx context.Context, q pgdb.Querier, key string) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM processed_messages WHERE message_key = $1)", key).Scan(&ok) // want `a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect`
	return ok, err
}

func (Inbox) Record(ctx context.Context, q pgdb.Querier, key string) error {
	_, err := q.Exec(ctx, "INSERT INTO processed_messages (message_key) VALUES ($1) ON CONFLICT (message_key) DO NOTHING", key)
	return err
}

// Claim records the message unless it is there, in the caller's
// transaction: true when it was not.
func (Inbox) Claim(ctx context.Context, q pgdb.Querier, key string) (bool, error) {
	tag, err := q.Exec(ctx, "INSERT INTO processed_messages (message_key) VALUES ($1) ON CONFLICT (message_key) DO NOTHING", key)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Ledger appends entries.
type Ledger struct{}

func (Ledger) Append(ctx context.Context, q pgdb.Querier, account string, amount int64) error {
	_, err := q.Exec(ctx, "INSERT INTO ledger_entries (account, amount) VALUES ($1, $2)", account, amount)
	return err
}
