// Package store contains the ent-backed repositories. Every constructor takes
// an *ent.Client so the same repository can run on the root client or on a
// transaction's client (tx.Client()).
package store

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/internal/domain"
)

// wrap converts ent errors into domain errors.
func wrap(err error, what string) error {
	if err == nil {
		return nil
	}
	if ent.IsNotFound(err) {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	if ent.IsConstraintError(err) {
		return fmt.Errorf("%s: %w: %v", what, domain.ErrConflict, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// conflicted reports whether an upsert with DoNothing hit an existing row.
func conflicted(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}
