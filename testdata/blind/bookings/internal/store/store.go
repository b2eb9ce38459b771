// Package store holds the hand-written repositories: the ones whose SQL is
// too specific for the generic database.Repository (conditional updates,
// ON CONFLICT handling, reporting queries).
package store

import (
	"context"

	"gorm.io/gorm"

	"github.com/meridianrail/bookings/internal/platform/database"
)

// base is embedded by every hand-written repository.
type base struct {
	db *gorm.DB
}

// conn returns the context transaction or the base handle.
func (b base) conn(ctx context.Context) *gorm.DB {
	return database.Conn(ctx, b.db)
}
