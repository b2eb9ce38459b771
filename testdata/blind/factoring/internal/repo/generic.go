package repo

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// insertIgnore inserts row unless a row with the same values in conflictCols
// exists. It reports whether the row was written.
func insertIgnore[T any](ctx context.Context, db *gorm.DB, row *T, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).
		Create(row)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// create inserts row and maps unique violations to ErrConflict.
func create[T any](ctx context.Context, db *gorm.DB, row *T) error {
	if err := db.WithContext(ctx).Create(row).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return ErrConflict
		}
		return err
	}
	return nil
}

func byID[T any](ctx context.Context, db *gorm.DB, id uuid.UUID) (*T, error) {
	return firstWhere[T](ctx, db, "id = ?", id)
}

func firstWhere[T any](ctx context.Context, db *gorm.DB, query string, args ...any) (*T, error) {
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

func lockedByID[T any](ctx context.Context, db *gorm.DB, id uuid.UUID) (*T, error) {
	return firstWhere[T](ctx, db.Clauses(clause.Locking{Strength: "UPDATE"}), "id = ?", id)
}

// updateWhere applies changes to rows of T matching the condition and returns
// the number of rows changed.
func updateWhere[T any](ctx context.Context, db *gorm.DB, changes map[string]any, query string, args ...any) (int64, error) {
	var model T
	res := db.WithContext(ctx).Model(&model).Where(query, args...).Updates(changes)
	return res.RowsAffected, res.Error
}
