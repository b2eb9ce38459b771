// Package store hands out repositories bound to one handle, by value.
package store

import (
	"context"

	"gorm.io/gorm"
)

// Orders updates orders.
type Orders interface {
	MarkPaid(ctx context.Context, id string) error
	Credit(ctx context.Context, id string, cents int64) error
}

// Repos is the set of repositories bound to one handle, and the handle
// for libraries that take one.
type Repos struct {
	Orders Orders
	Tx     *gorm.DB
}

// Store owns the database.
type Store struct{ db *gorm.DB }

// New returns the store on db.
func New(db *gorm.DB) *Store { return &Store{db: db} }

// DB is the database itself.
func (s *Store) DB() *gorm.DB { return s.db }

// InTx runs fn with the repositories bound to one transaction.
func (s *Store) InTx(ctx context.Context, fn func(r Repos) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(s.bind(tx))
	})
}

func (s *Store) bind(db *gorm.DB) Repos {
	return Repos{Orders: &orders{db: db}, Tx: db}
}

type orders struct{ db *gorm.DB }

func (o *orders) MarkPaid(ctx context.Context, id string) error {
	return o.db.WithContext(ctx).Exec("UPDATE byvalue_orders SET status = 'paid' WHERE id = ?", id).Error
}

func (o *orders) Credit(ctx context.Context, id string, cents int64) error {
	return o.db.WithContext(ctx).Exec("UPDATE byvalue_orders SET credit = credit + ? WHERE id = ?", cents, id).Error
}
