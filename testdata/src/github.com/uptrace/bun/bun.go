// Package bun is a stub of github.com/uptrace/bun v1.2.16 for analysistest.
package bun

import (
	"context"
	"database/sql"
)

type BaseModel struct{}

type DB struct {
	*sql.DB
}

type Conn struct {
	*sql.Conn
}

type Tx struct {
	ctx context.Context
	db  *DB
	*sql.Tx
}

type IDB interface {
	NewSelect() *SelectQuery
	NewInsert() *InsertQuery
	NewUpdate() *UpdateQuery
	NewDelete() *DeleteQuery
	NewRaw(query string, args ...any) *RawQuery
	BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error)
	RunInTx(ctx context.Context, opts *sql.TxOptions, f func(ctx context.Context, tx Tx) error) error
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func (db *DB) NewSelect() *SelectQuery { return &SelectQuery{} }
func (db *DB) NewInsert() *InsertQuery { return &InsertQuery{} }
func (db *DB) NewUpdate() *UpdateQuery { return &UpdateQuery{} }
func (db *DB) NewDelete() *DeleteQuery { return &DeleteQuery{} }

func (db *DB) NewRaw(query string, args ...any) *RawQuery { return &RawQuery{} }

func (db *DB) RunInTx(ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return nil
}

func (db *DB) Begin() (Tx, error) { return Tx{}, nil }

func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) { return Tx{}, nil }

func (tx Tx) Commit() error   { return nil }
func (tx Tx) Rollback() error { return nil }

func (tx Tx) NewSelect() *SelectQuery { return &SelectQuery{} }
func (tx Tx) NewInsert() *InsertQuery { return &InsertQuery{} }
func (tx Tx) NewUpdate() *UpdateQuery { return &UpdateQuery{} }
func (tx Tx) NewDelete() *DeleteQuery { return &DeleteQuery{} }

func (tx Tx) NewRaw(query string, args ...any) *RawQuery { return &RawQuery{} }

func (tx Tx) RunInTx(ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return nil
}

func (tx Tx) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) { return tx, nil }

type SelectQuery struct{}

func (q *SelectQuery) Model(model any) *SelectQuery                 { return q }
func (q *SelectQuery) Where(query string, args ...any) *SelectQuery { return q }
func (q *SelectQuery) Scan(ctx context.Context, dest ...any) error  { return nil }

type InsertQuery struct{}

func (q *InsertQuery) Model(model any) *InsertQuery                     { return q }
func (q *InsertQuery) Column(columns ...string) *InsertQuery            { return q }
func (q *InsertQuery) Returning(query string, args ...any) *InsertQuery { return q }
func (q *InsertQuery) Ignore() *InsertQuery                             { return q }
func (q *InsertQuery) On(s string, args ...any) *InsertQuery            { return q }
func (q *InsertQuery) Set(query string, args ...any) *InsertQuery       { return q }
func (q *InsertQuery) Scan(ctx context.Context, dest ...any) error      { return nil }
func (q *InsertQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}

type UpdateQuery struct{}

func (q *UpdateQuery) Model(model any) *UpdateQuery                     { return q }
func (q *UpdateQuery) Column(columns ...string) *UpdateQuery            { return q }
func (q *UpdateQuery) Set(query string, args ...any) *UpdateQuery       { return q }
func (q *UpdateQuery) WherePK(cols ...string) *UpdateQuery              { return q }
func (q *UpdateQuery) Where(query string, args ...any) *UpdateQuery     { return q }
func (q *UpdateQuery) Returning(query string, args ...any) *UpdateQuery { return q }
func (q *UpdateQuery) Scan(ctx context.Context, dest ...any) error      { return nil }
func (q *UpdateQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}

type DeleteQuery struct{}

func (q *DeleteQuery) Model(model any) *DeleteQuery                 { return q }
func (q *DeleteQuery) WherePK(cols ...string) *DeleteQuery          { return q }
func (q *DeleteQuery) Where(query string, args ...any) *DeleteQuery { return q }
func (q *DeleteQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}

type RawQuery struct{}

func (q *RawQuery) Scan(ctx context.Context, dest ...any) error { return nil }
func (q *RawQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}

// NewDB wraps sqldb in the dialect's DB.
func NewDB(sqldb *sql.DB, dialect any) *DB { return &DB{} }
