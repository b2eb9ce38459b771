package database

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrNotFound is returned by the generic helpers when no row matches.
var ErrNotFound = errors.New("record not found")

// Find loads the first T matching query.
func Find[T any](ctx context.Context, db *gorm.DB, query string, args ...any) (*T, error) {
	var out T
	err := db.WithContext(ctx).Where(query, args...).Take(&out).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// InsertIgnore inserts row unless it conflicts on conflictCols (or on any
// unique constraint when none are given). It reports whether a row was written.
func InsertIgnore[T any](ctx context.Context, db *gorm.DB, row *T, conflictCols ...string) (bool, error) {
	oc := clause.OnConflict{DoNothing: true}
	for _, c := range conflictCols {
		oc.Columns = append(oc.Columns, clause.Column{Name: c})
	}
	res := db.WithContext(ctx).Clauses(oc).Create(row)
	return res.RowsAffected == 1, res.Error
}

// Insert inserts row.
func Insert[T any](ctx context.Context, db *gorm.DB, row *T) error {
	return db.WithContext(ctx).Create(row).Error
}

// InTx runs fn in a transaction and returns its value.
func InTx[T any](ctx context.Context, db *gorm.DB, fn func(tx *gorm.DB) (T, error)) (T, error) {
	var out T
	err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
