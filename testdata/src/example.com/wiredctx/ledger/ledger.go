// Package ledger keeps entries through a generic base of its
// repositories: an instance's statements are its own.
package ledger

import (
	"context"

	"gorm.io/gorm"
)

// Repo is the generic base.
type Repo[T any] struct{ db *gorm.DB }

// Create inserts v.
func (r Repo[T]) Create(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Create(v).Error // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into entries in ledger.Repo.Create has no conflict handling for the caller-known id \(kafka-go consumer loop Ledger.Run\)`
}

// An Entry is a ledger entry.
type Entry struct {
	ID     string
	Amount int64
}

// Entries keeps entries in a field of the base's instance.
type Entries struct{ rows Repo[Entry] }

// New returns the entries on db.
func New(db *gorm.DB) *Entries { return &Entries{rows: Repo[Entry]{db: db}} }

// Add inserts an entry.
func (e *Entries) Add(ctx context.Context, en *Entry) error { return e.rows.Create(ctx, en) }
