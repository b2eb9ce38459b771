// Package notes keeps notes on orders, as the api package declares
// them: the handler cannot import it.
package notes

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredctx/api"
)

// Notes keeps notes in PostgreSQL.
type Notes struct{ DB *sql.DB }

// Note stores a note under an ID it makes.
func (n *Notes) Note(ctx context.Context, note api.Note) error {
	_, err := n.DB.ExecContext(ctx, "INSERT INTO notes (id, body) VALUES ($1, $2)", uuid.NewString(), note.Text) // want `a retry inserts a second notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Note\); derive it from the request's Idempotency-Key header`
	return err
}
