// Package repository holds one gorm repository per aggregate. Every
// repository can be rebound to a transaction with WithTx so services can
// compose writes inside db.Transaction.
package repository

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var ErrNotFound = errors.New("repository: not found")

// Page is a limit/offset window.
type Page struct {
	Limit  int
	Offset int
}

func (p Page) normalised() Page {
	if p.Limit <= 0 || p.Limit > 200 {
		p.Limit = 50
	}
	if p.Offset < 0 {
		p.Offset = 0
	}
	return p
}

type PageResult[T any] struct {
	Items  []T   `json:"items"`
	Total  int64 `json:"total"`
	Limit  int   `json:"limit"`
	Offset int   `json:"offset"`
}

// Paginate runs q twice: once for the total and once for the window.
func Paginate[T any](ctx context.Context, q *gorm.DB, p Page, order string) (PageResult[T], error) {
	p = p.normalised()
	var model T
	res := PageResult[T]{Limit: p.Limit, Offset: p.Offset}
	base := q.WithContext(ctx).Model(&model)
	if err := base.Session(&gorm.Session{}).Count(&res.Total).Error; err != nil {
		return res, err
	}
	if order != "" {
		base = base.Order(order)
	}
	if err := base.Limit(p.Limit).Offset(p.Offset).Find(&res.Items).Error; err != nil {
		return res, err
	}
	return res, nil
}

// first loads one row matching conds, mapping gorm's not-found error.
func first[T any](ctx context.Context, db *gorm.DB, conds ...any) (*T, error) {
	var out T
	err := db.WithContext(ctx).First(&out, conds...).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// lockFirst is first with SELECT ... FOR UPDATE.
func lockFirst[T any](ctx context.Context, db *gorm.DB, conds ...any) (*T, error) {
	return first[T](ctx, db.Clauses(clause.Locking{Strength: "UPDATE"}), conds...)
}

// insertIgnore inserts row and reports whether it was new; on a conflict on
// cols the existing row is left untouched.
func insertIgnore[T any](ctx context.Context, db *gorm.DB, row *T, cols ...string) (bool, error) {
	conflict := clause.OnConflict{DoNothing: true}
	for _, c := range cols {
		conflict.Columns = append(conflict.Columns, clause.Column{Name: c})
	}
	res := db.WithContext(ctx).Clauses(conflict).Create(row)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}
