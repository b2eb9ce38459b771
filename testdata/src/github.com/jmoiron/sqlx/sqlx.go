// Package sqlx is a stub of github.com/jmoiron/sqlx v1.4.0 for analysistest.
package sqlx

import (
	"context"
	"database/sql"
)

type DB struct {
	*sql.DB
	driverName string
}

type Tx struct {
	*sql.Tx
	driverName string
}

type Rows struct{ *sql.Rows }
type Row struct{ err error }

func (r *Row) Scan(dest ...interface{}) error    { return nil }
func (r *Row) StructScan(dest interface{}) error { return nil }

type binder interface {
	DriverName() string
	Rebind(string) string
	BindNamed(string, interface{}) (string, []interface{}, error)
}

type Queryer interface {
	Query(query string, args ...interface{}) (*sql.Rows, error)
	Queryx(query string, args ...interface{}) (*Rows, error)
	QueryRowx(query string, args ...interface{}) *Row
}

type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

type Ext interface {
	binder
	Queryer
	Execer
}

type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error)
	QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row
}

type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

type ExtContext interface {
	binder
	QueryerContext
	ExecerContext
}

func Connect(driverName, dataSourceName string) (*DB, error) { return nil, nil }
func MustConnect(driverName, dataSourceName string) *DB      { return nil }
func Open(driverName, dataSourceName string) (*DB, error)    { return nil, nil }
func NewDb(db *sql.DB, driverName string) *DB                { return nil }

func NamedExec(e Ext, query string, arg interface{}) (sql.Result, error) { return nil, nil }
func NamedExecContext(ctx context.Context, e ExtContext, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
func Get(q Queryer, dest interface{}, query string, args ...interface{}) error    { return nil }
func Select(q Queryer, dest interface{}, query string, args ...interface{}) error { return nil }
func GetContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func SelectContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (db *DB) DriverName() string         { return db.driverName }
func (db *DB) Rebind(query string) string { return query }
func (db *DB) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}
func (db *DB) Beginx() (*Tx, error)                                           { return nil, nil }
func (db *DB) MustBegin() *Tx                                                 { return nil }
func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return nil, nil }
func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error)    { return nil, nil }
func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
func (db *DB) MustExec(query string, args ...interface{}) sql.Result { return nil }
func (db *DB) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}
func (db *DB) Get(dest interface{}, query string, args ...interface{}) error    { return nil }
func (db *DB) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) Queryx(query string, args ...interface{}) (*Rows, error) { return nil, nil }
func (db *DB) QueryRowx(query string, args ...interface{}) *Row        { return nil }
func (db *DB) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}
func (db *DB) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (tx *Tx) DriverName() string         { return tx.driverName }
func (tx *Tx) Rebind(query string) string { return query }
func (tx *Tx) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}
func (tx *Tx) NamedExec(query string, arg interface{}) (sql.Result, error) { return nil, nil }
func (tx *Tx) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
func (tx *Tx) MustExec(query string, args ...interface{}) sql.Result { return nil }
func (tx *Tx) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}
func (tx *Tx) Get(dest interface{}, query string, args ...interface{}) error    { return nil }
func (tx *Tx) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (tx *Tx) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (tx *Tx) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (tx *Tx) Queryx(query string, args ...interface{}) (*Rows, error) { return nil, nil }
func (tx *Tx) QueryRowx(query string, args ...interface{}) *Row        { return nil }
func (tx *Tx) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}
func (tx *Tx) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

var (
	_ Ext        = (*DB)(nil)
	_ Ext        = (*Tx)(nil)
	_ ExtContext = (*DB)(nil)
	_ ExtContext = (*Tx)(nil)
)

// Named binds the named parameters of query from arg.
func Named(query string, arg interface{}) (string, []interface{}, error) { return query, nil, nil }

// Rebind turns a query's placeholders into bindType's.
func Rebind(bindType int, query string) string { return query }

// In expands slice arguments into bindvars.
func In(query string, args ...interface{}) (string, []interface{}, error) { return query, args, nil }

// DOLLAR is PostgreSQL's bind type.
const DOLLAR = 4

func NamedQuery(e Ext, query string, arg interface{}) (*Rows, error) { return nil, nil }
func NamedQueryContext(ctx context.Context, e ExtContext, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}
func (db *DB) NamedQuery(query string, arg interface{}) (*Rows, error) { return nil, nil }
func (db *DB) NamedQueryContext(ctx context.Context, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}
func (tx *Tx) NamedQuery(query string, arg interface{}) (*Rows, error) { return nil, nil }
