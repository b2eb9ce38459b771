// Package pgxpool is a stub of github.com/jackc/pgx/v4/pgxpool v4.18.3 for analysistest.
package pgxpool

import (
	"context"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
)

type Pool struct{}

func Connect(ctx context.Context, connString string) (*Pool, error) { return nil, nil }

func (p *Pool) Close() {}
func (p *Pool) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (p *Pool) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return nil, nil
}
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...interface{}) pgx.Row { return nil }
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error)                             { return nil, nil }
func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) {
	return nil, nil
}
func (p *Pool) BeginFunc(ctx context.Context, f func(pgx.Tx) error) error { return nil }
func (p *Pool) BeginTxFunc(ctx context.Context, txOptions pgx.TxOptions, f func(pgx.Tx) error) error {
	return nil
}

type Conn struct{}

func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return nil, nil
}
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...interface{}) pgx.Row { return nil }
func (c *Conn) Begin(ctx context.Context) (pgx.Tx, error)                             { return nil, nil }
func (c *Conn) BeginFunc(ctx context.Context, f func(pgx.Tx) error) error             { return nil }

type Tx struct{}

func (tx *Tx) Commit(ctx context.Context) error   { return nil }
func (tx *Tx) Rollback(ctx context.Context) error { return nil }
func (tx *Tx) Begin(ctx context.Context) (pgx.Tx, error) {
	return nil, nil
}
func (tx *Tx) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (tx *Tx) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return nil, nil
}
func (tx *Tx) QueryRow(ctx context.Context, sql string, args ...interface{}) pgx.Row { return nil }
