// Package store keeps loads and their ledger lines. A unit of work puts
// its transaction in the context; repositories take it from there, or
// run on the database.
package store

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type txKey struct{}

// Transactor runs units of work.
type Transactor struct{ db *gorm.DB }

// NewTransactor returns a transactor on db.
func NewTransactor(db *gorm.DB) *Transactor { return &Transactor{db: db} }

// WithinTx runs fn in a transaction carried in its context.
func (t *Transactor) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return t.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// conn returns the transaction in ctx, or the database.
func conn(ctx context.Context, base *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return base.WithContext(ctx)
}

type loadRow struct {
	ID     string
	Status string
}

func (loadRow) TableName() string { return "gormctx_loads" }

type lineRow struct {
	ID     string
	LoadID string
	Cents  int64
}

func (lineRow) TableName() string { return "gormctx_ledger_lines" }

// Loads keeps loads.
type Loads struct{ db *gorm.DB }

// NewLoads returns the loads on db.
func NewLoads(db *gorm.DB) *Loads { return &Loads{db: db} }

// Transition moves a load from one status to another, reporting
// whether it moved.
func (r *Loads) Transition(ctx context.Context, id, to, from string) (bool, error) {
	res := conn(ctx, r.db).Model(&loadRow{}).Where("id = ? AND status = ?", id, from).Updates(map[string]any{"status": to})
	return res.RowsAffected == 1, res.Error
}

// Ledger keeps ledger lines.
type Ledger struct{ db *gorm.DB }

// NewLedger returns the ledger on db.
func NewLedger(db *gorm.DB) *Ledger { return &Ledger{db: db} }

// Append adds a ledger line.
func (r *Ledger) Append(ctx context.Context, id, load string, cents int64) error {
	return conn(ctx, r.db).Create(&lineRow{ID: id, LoadID: load, Cents: cents}).Error // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into gormctx_ledger_lines in store.Ledger.Append is not idempotent \(HTTP handler Handler.Settle\)`
}

type balanceRow struct {
	Account string
	Cents   int64
}

func (balanceRow) TableName() string { return "gormctx_balances" }

// Balances keeps the accounts' balances.
type Balances struct{ db *gorm.DB }

// NewBalances returns the balances on db.
func NewBalances(db *gorm.DB) *Balances { return &Balances{db: db} }

// Debit takes cents from an account.
func (r *Balances) Debit(ctx context.Context, account string, cents int64) error {
	return conn(ctx, r.db).Model(&balanceRow{}).Where("account = ?", account).Update("cents", gorm.Expr("cents - ?", cents)).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of gormctx_balances \(it computes from the current value\) in store.Balances.Debit is not idempotent \(HTTP handler Handler.Transfer\)`
}

type transferRow struct {
	ID, Account, Key, Status string
}

func (transferRow) TableName() string { return "gormctx_transfers" }

// Transfers keeps transfers, one per account and key.
type Transfers struct{ db *gorm.DB }

// NewTransfers returns the transfers on db.
func NewTransfers(db *gorm.DB) *Transfers { return &Transfers{db: db} }

// Create stores a transfer under its key, or returns the one stored
// under it.
func (r *Transfers) Create(ctx context.Context, id, account, key string) (string, bool, error) {
	row := transferRow{ID: id, Account: account, Key: key}
	res := conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return "", false, res.Error
	}
	if res.RowsAffected == 1 {
		return row.ID, true, nil
	}
	var existing transferRow
	err := conn(ctx, r.db).Where("account = ? AND key = ?", account, key).Take(&existing).Error
	return existing.ID, false, err
}

type feeRow struct {
	Account string
	Cents   int64
}

func (feeRow) TableName() string { return "gormctx_fees" }

// Fees keeps the fees an account owes.
type Fees struct{ db *gorm.DB }

// NewFees returns the fees on db.
func NewFees(db *gorm.DB) *Fees { return &Fees{db: db} }

// Add adds to the fees an account owes.
func (r *Fees) Add(ctx context.Context, account string, cents int64) error {
	return conn(ctx, r.db).Model(&feeRow{}).Where("account = ?", account).Update("cents", gorm.Expr("cents + ?", cents)).Error
}

// Claim stores a pending transfer under its key, or returns the one
// stored under it, with its status.
func (r *Transfers) Claim(ctx context.Context, id, account, key string) (string, string, error) {
	row := transferRow{ID: id, Account: account, Key: key, Status: "pending"}
	res := conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return "", "", res.Error
	}
	if res.RowsAffected == 1 {
		return row.ID, row.Status, nil
	}
	var existing transferRow
	err := conn(ctx, r.db).Where("account = ? AND key = ?", account, key).Take(&existing).Error
	return existing.ID, existing.Status, err
}

// MarkSent moves a pending transfer to sent, reporting whether it moved.
func (r *Transfers) MarkSent(ctx context.Context, id string) (bool, error) {
	res := conn(ctx, r.db).Model(&transferRow{}).Where("id = ? AND status = ?", id, "pending").Updates(map[string]any{"status": "sent"})
	return res.RowsAffected == 1, res.Error
}

// Entries posts ledger entries and applies them to the balance.
type Entries struct {
	db       *gorm.DB
	balances *Balances
}

// NewEntries returns the entries on db.
func NewEntries(db *gorm.DB) *Entries { return &Entries{db: db, balances: NewBalances(db)} }

// Post writes the entry and debits the balance in one transaction: a
// savepoint of the one the context carries, if any.
func (r *Entries) Post(ctx context.Context, id, account string, cents int64) error {
	return conn(ctx, r.db).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&lineRow{ID: id, LoadID: account, Cents: cents}).Error; err != nil { // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into gormctx_ledger_lines in store.Entries.Post\$1 has no conflict handling for the caller-known id \(HTTP handler Handler.Charge\)`
			return err
		}
		return r.balances.Debit(context.WithValue(ctx, txKey{}, tx), account, cents)
	})
}
