package ledger

import (
	"context"

	"gorm.io/gorm"
)

// txKey is where the unit of work puts its transaction.
type txKey struct{}

// Transactor runs work in one transaction, carried in the context.
type Transactor struct{ DB *gorm.DB }

// WithinTx runs fn with a context that carries the transaction.
func (t *Transactor) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return t.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// An Account holds a balance.
type Account struct {
	ID      string
	Balance int64
}

// A Movement is a row per transfer.
type Movement struct {
	Ref    string
	Amount int64
}

// Balances writes on the context's transaction, or on the database.
type Balances struct{ DB *gorm.DB }

func (b *Balances) conn(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return b.DB.WithContext(ctx)
}

// Debit takes n from the account.
func (b *Balances) Debit(ctx context.Context, id string, n int64) error {
	return b.conn(ctx).Model(&Account{ID: id}).Update("balance", gorm.Expr("balance - ?", n)).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in ledger.Balances.Debit is not idempotent \(HTTP handler Handler.TransferLogged\)` `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in ledger.Balances.Debit is not idempotent \(HTTP handler Handler.TransferLoose\)`
}

// Move records a movement.
func (b *Balances) Move(ctx context.Context, m *Movement) error {
	return b.conn(ctx).Create(m).Error
}
