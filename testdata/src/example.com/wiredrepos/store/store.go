// Package store keeps tickets and contracts with gorm, in repositories
// bundled over one handle: the pool, or the transaction InTx begins.
package store

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A Ticket is a weighed load.
type Ticket struct {
	ID     string
	Status string
}

// A Contract is a delivery contract.
type Contract struct {
	ID        string
	Delivered int
}

// TicketRepo keeps tickets on its handle.
type TicketRepo struct{ db *gorm.DB }

// Void voids a ticket once: it reports whether this call did.
func (r *TicketRepo) Void(ctx context.Context, id string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&Ticket{}).Where("id = ? AND status <> ?", id, "voided").Update("status", "voided")
	return res.RowsAffected == 1, res.Error
}

// ContractRepo keeps contracts on its handle.
type ContractRepo struct{ db *gorm.DB }

// Subtract takes n back off a contract's delivered count.
func (r *ContractRepo) Subtract(ctx context.Context, id string, n int) error {
	return r.db.WithContext(ctx).Model(&Contract{}).Where("id = ?", id).Update("delivered", gorm.Expr("delivered - ?", n)).Error // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the UPDATE of contracts \(it computes from the current value\) in store.ContractRepo.Subtract is not idempotent \(HTTP handler Handler.VoidApart\)`
}

// An IdempotencyKey is a request's key.
type IdempotencyKey struct {
	Key  string
	Done bool
}

// An Adjustment is a change to a contract.
type Adjustment struct {
	ID       string
	Contract string
}

// AdjustmentRepo keeps adjustments on its handle.
type AdjustmentRepo struct{ db *gorm.DB }

// Create inserts an adjustment.
func (r *AdjustmentRepo) Create(ctx context.Context, a *Adjustment) error {
	return r.db.WithContext(ctx).Create(a).Error
}

// KeyRepo keeps keys on its handle.
type KeyRepo struct{ db *gorm.DB }

// Claim inserts the key once: it reports whether this call did.
func (r *KeyRepo) Claim(ctx context.Context, key string) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), &IdempotencyKey{Key: key})
}

// Complete marks the key's request done.
func (r *KeyRepo) Complete(ctx context.Context, key string) error {
	return r.db.WithContext(ctx).Model(&IdempotencyKey{}).Where("key = ?", key).Update("done", true).Error
}

// insertIgnore inserts row unless its key is taken.
func insertIgnore(db *gorm.DB, row any) (bool, error) {
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(row)
	return res.RowsAffected == 1, res.Error
}

// Repos bundles the repositories on one handle.
type Repos struct {
	Tickets     *TicketRepo
	Contracts   *ContractRepo
	Keys        *KeyRepo
	Adjustments *AdjustmentRepo
}

// NewRepos returns the repositories on db.
func NewRepos(db *gorm.DB) *Repos {
	return &Repos{Tickets: &TicketRepo{db: db}, Contracts: &ContractRepo{db: db}, Keys: &KeyRepo{db: db}, Adjustments: &AdjustmentRepo{db: db}}
}

// Store owns the pool.
type Store struct{ db *gorm.DB }

// New returns the store on db.
func New(db *gorm.DB) *Store { return &Store{db: db} }

// InTx runs fn with the repositories on one transaction.
func (s *Store) InTx(ctx context.Context, fn func(r *Repos) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(NewRepos(tx))
	})
}
