// Package gorm is a stub of gorm.io/gorm v1.25.12 for analysistest.
package gorm

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"gorm.io/gorm/clause"
)

var (
	ErrRecordNotFound = errors.New("record not found")
	ErrDuplicatedKey  = errors.New("duplicated key not allowed")
)

type Config struct {
	SkipDefaultTransaction bool
	TranslateError         bool
}

type Statement struct {
	Table string
}

type Session struct {
	SkipHooks bool
	Context   context.Context
}

// Dialector is simplified (real one has Migrator, DataTypeOf, ...).
type Dialector interface {
	Name() string
	Initialize(*DB) error
}

type Option interface {
	Apply(*Config) error
	AfterInitialize(*DB) error
}

type DB struct {
	*Config
	Error        error
	RowsAffected int64
	Statement    *Statement
	clone        int
}

// DeletedAt is sql.NullTime in the real package.
type DeletedAt sql.NullTime

type Model struct {
	ID        uint `gorm:"primarykey"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt DeletedAt `gorm:"index"`
}

func Open(dialector Dialector, opts ...Option) (db *DB, err error) { return nil, nil }

func (db *DB) WithContext(ctx context.Context) *DB                           { return db }
func (db *DB) Session(config *Session) *DB                                   { return db }
func (db *DB) Model(value interface{}) (tx *DB)                              { return db }
func (db *DB) Table(name string, args ...interface{}) (tx *DB)               { return db }
func (db *DB) Clauses(conds ...clause.Expression) (tx *DB)                   { return db }
func (db *DB) Select(query interface{}, args ...interface{}) (tx *DB)        { return db }
func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB)         { return db }
func (db *DB) Order(value interface{}) (tx *DB)                              { return db }
func (db *DB) Limit(limit int) (tx *DB)                                      { return db }
func (db *DB) Raw(sql string, values ...interface{}) (tx *DB)                { return db }
func (db *DB) Exec(sql string, values ...interface{}) (tx *DB)               { return db }
func (db *DB) Create(value interface{}) (tx *DB)                             { return db }
func (db *DB) CreateInBatches(value interface{}, batchSize int) (tx *DB)     { return db }
func (db *DB) Save(value interface{}) (tx *DB)                               { return db }
func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB)         { return db }
func (db *DB) Count(count *int64) *DB                                        { return db }
func (db *DB) Take(dest interface{}, conds ...interface{}) (tx *DB)          { return db }
func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB)          { return db }
func (db *DB) FirstOrCreate(dest interface{}, conds ...interface{}) (tx *DB) { return db }
func (db *DB) Update(column string, value interface{}) (tx *DB)              { return db }
func (db *DB) Updates(values interface{}) (tx *DB)                           { return db }
func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB)       { return db }
func (db *DB) Scan(dest interface{}) (tx *DB)                                { return db }
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) {
	return nil
}
func (db *DB) Begin(opts ...*sql.TxOptions) *DB { return db }
func (db *DB) Commit() *DB                      { return db }
func (db *DB) Rollback() *DB                    { return db }

func Expr(expr string, args ...interface{}) clause.Expr {
	return clause.Expr{SQL: expr, Vars: args}
}
