package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

// Statements is the statements table.
type Statements struct{ DB *sql.DB }

// Write stores a statement under an ID it makes: the nightly command
// runs it once, and nothing retries it.
func (s *Statements) Write(ctx context.Context, period string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO statements (id, period) VALUES ($1, $2)", uuid.NewString(), period)
	return err
}
