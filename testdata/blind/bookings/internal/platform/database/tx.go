// Package database holds the persistence plumbing shared by every
// repository: the context-carried transaction, the TxManager that opens it,
// and a small generic repository for plain CRUD on gorm models.
package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"gorm.io/gorm"
)

// ErrNotFound is returned by repositories when no row matches.
var ErrNotFound = errors.New("database: record not found")

type txKey struct{}

// TxManager runs a function inside a database transaction. Repositories that
// use Conn pick the transaction up from the context automatically.
type TxManager interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// GormTxManager implements TxManager on top of gorm's Transaction helper.
type GormTxManager struct {
	db   *gorm.DB
	opts *sql.TxOptions
}

// TxOption customises transactions opened by a GormTxManager.
type TxOption func(*GormTxManager)

// WithIsolation sets the isolation level used for new transactions.
func WithIsolation(level sql.IsolationLevel) TxOption {
	return func(m *GormTxManager) {
		m.opts = &sql.TxOptions{Isolation: level}
	}
}

// NewTxManager builds a TxManager for db.
func NewTxManager(db *gorm.DB, opts ...TxOption) *GormTxManager {
	m := &GormTxManager{db: db}
	for _, o := range opts {
		o(m)
	}
	return m
}

// InTx runs fn in a transaction. If ctx already carries a transaction the
// function joins it instead of opening a nested one, so services can compose.
func (m *GormTxManager) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := txFrom(ctx); ok {
		return fn(ctx)
	}
	var opts []*sql.TxOptions
	if m.opts != nil {
		opts = append(opts, m.opts)
	}
	err := m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	}, opts...)
	if err != nil {
		return fmt.Errorf("tx: %w", err)
	}
	return nil
}

func txFrom(ctx context.Context) (*gorm.DB, bool) {
	tx, ok := ctx.Value(txKey{}).(*gorm.DB)
	return tx, ok && tx != nil
}

// Conn returns the transaction stored in ctx, or base bound to ctx when the
// caller is not inside InTx. Every repository goes through this.
func Conn(ctx context.Context, base *gorm.DB) *gorm.DB {
	if tx, ok := txFrom(ctx); ok {
		return tx.WithContext(ctx)
	}
	return base.WithContext(ctx)
}

// InTransaction reports whether ctx carries an open transaction.
func InTransaction(ctx context.Context) bool {
	_, ok := txFrom(ctx)
	return ok
}

// WithTx is a convenience for the common "run and return a value" case.
func WithTx[T any](ctx context.Context, m TxManager, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := m.InTx(ctx, func(ctx context.Context) error {
		v, err := fn(ctx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
