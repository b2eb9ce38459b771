// Package msgstore records texts in PostgreSQL.
package msgstore

import (
	"context"
	"database/sql"

	"example.com/wiredopts/msgports"
)

// Store records texts.
type Store struct{ DB *sql.DB }

// Claim records m, or returns the text recorded under its Ref before.
func (s *Store) Claim(ctx context.Context, m msgports.Message) (msgports.Message, error) {
	var out msgports.Message
	err := s.DB.QueryRowContext(ctx, `
		WITH ins AS (
			INSERT INTO messages (id, ref, status) VALUES ($1, $2, 'queued')
			ON CONFLICT (ref) DO NOTHING
			RETURNING id, ref, status
		)
		SELECT id, ref, status FROM ins
		UNION ALL
		SELECT id, ref, status FROM messages WHERE ref = $2
		LIMIT 1`, m.ID, m.Ref).Scan(&out.ID, &out.Ref, &out.Status)
	return out, err
}

// Reserve records m, and says whether it was not recorded before.
func (s *Store) Reserve(ctx context.Context, m msgports.Message) (bool, error) {
	res, err := s.DB.ExecContext(ctx, "INSERT INTO messages (id, ref, status) VALUES ($1, $2, 'queued') ON CONFLICT (ref) DO NOTHING", m.ID, m.Ref)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkSent marks a text sent.
func (s *Store) MarkSent(ctx context.Context, id string) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE messages SET status = 'sent' WHERE id = $1", id)
	return err
}
