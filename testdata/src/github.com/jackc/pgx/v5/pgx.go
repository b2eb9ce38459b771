// Package pgx is a stub of github.com/jackc/pgx/v5 v5.7.6 for analysistest.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

var (
	ErrNoRows   = errors.New("no rows in result set")
	ErrTxClosed = errors.New("tx is closed")
)

type Conn struct{}

func Connect(ctx context.Context, connString string) (*Conn, error) { return nil, nil }

func (c *Conn) Close(ctx context.Context) error { return nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) { return nil, nil }
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row        { return nil }
func (c *Conn) SendBatch(ctx context.Context, b *Batch) (br BatchResults)        { return nil }
func (c *Conn) Begin(ctx context.Context) (Tx, error)                            { return nil, nil }
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)     { return nil, nil }

type Identifier []string

type NamedArgs map[string]any

type TxIsoLevel string
type TxAccessMode string
type TxDeferrableMode string

type TxOptions struct {
	IsoLevel       TxIsoLevel
	AccessMode     TxAccessMode
	DeferrableMode TxDeferrableMode
	BeginQuery     string
	CommitQuery    string
}

type CopyFromSource interface {
	Next() bool
	Values() ([]any, error)
	Err() error
}

type LargeObjects struct{}

type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error)
	SendBatch(ctx context.Context, b *Batch) BatchResults
	LargeObjects() LargeObjects
	Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error)
	Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row
	Conn() *Conn
}

type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	FieldDescriptions() []pgconn.FieldDescription
	Next() bool
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
	Conn() *Conn
}

type Row interface {
	Scan(dest ...any) error
}

type QueuedQuery struct {
	SQL       string
	Arguments []any
}

type Batch struct {
	QueuedQueries []*QueuedQuery
}

func (b *Batch) Queue(query string, arguments ...any) *QueuedQuery { return nil }
func (b *Batch) Len() int                                          { return len(b.QueuedQueries) }

type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Query() (Rows, error)
	QueryRow() Row
	Close() error
}

func BeginFunc(
	ctx context.Context,
	db interface {
		Begin(ctx context.Context) (Tx, error)
	},
	fn func(Tx) error,
) (err error) {
	return nil
}

func BeginTxFunc(
	ctx context.Context,
	db interface {
		BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)
	},
	txOptions TxOptions,
	fn func(Tx) error,
) (err error) {
	return nil
}
