// Package repository implements persistence over gorm. Every method resolves
// its handle with database.Conn, so callers that wrap work in
// Transactor.WithinTx get all writes on one transaction.
package repository

import (
	"context"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/circuitback/buyback/internal/platform/database"
)

type base struct {
	db *gorm.DB
}

func (b base) conn(ctx context.Context) *gorm.DB {
	return database.Conn(ctx, b.db)
}

// first loads a single row into dst or returns database.ErrNotFound.
func first[T any](db *gorm.DB, query string, args ...any) (*T, error) {
	var row T
	if err := db.Where(query, args...).Take(&row).Error; err != nil {
		return nil, database.NotFound(err)
	}
	return &row, nil
}

// insertIgnore inserts row unless it collides with conflictCols, reporting
// whether a new row was written.
func insertIgnore(db *gorm.DB, row any, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := db.Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(row)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// insertIgnorePartial is insertIgnore for a partial unique index; predicate
// must match the index's WHERE clause for Postgres to infer it.
func insertIgnorePartial(db *gorm.DB, row any, predicate string, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := db.Clauses(clause.OnConflict{
		Columns:     cols,
		TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: predicate}}},
		DoNothing:   true,
	}).Create(row)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// transition performs a guarded status update and returns rows affected.
func transition(db *gorm.DB, table string, id any, from []string, to string, extra map[string]any) (int64, error) {
	updates := map[string]any{"status": to, "updated_at": gorm.Expr("now()")}
	for k, v := range extra {
		updates[k] = v
	}
	q := db.Table(table).Where("id = ?", id)
	if len(from) > 0 {
		q = q.Where("status IN ?", from)
	}
	res := q.Updates(updates)
	if res.Error != nil {
		return 0, fmt.Errorf("%s transition to %s: %w", table, to, res.Error)
	}
	return res.RowsAffected, nil
}
