// Package pg implements app's repositories with gorm.
package pg

import (
	"context"

	"example.com/wiredgorm/app"
	"gorm.io/gorm"
)

type Events struct{ DB *gorm.DB }

func (r Events) Create(ctx context.Context, e *app.Event) error {
	return r.DB.WithContext(ctx).Create(e).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into events in pg.Events.Create is not idempotent \(HTTP handler Handler.Restate\)` `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into events in pg.Events.Create has no conflict handling for the caller-known id \(HTTP handler Handler.Event\); add ON CONFLICT DO NOTHING and handle the existing row`
}

type Credits struct{ DB *gorm.DB }

func (r Credits) Apply(ctx context.Context, c *app.Credit) error {
	return r.DB.WithContext(ctx).Model(&account{}).Where("id = ?", c.Account).Update("balance", gorm.Expr("balance + ?", c.Amount)).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in pg.Credits.Apply is not idempotent \(HTTP handler Handler.Credit\)`
}

type account struct {
	ID      string
	Balance int64
}

type Deliveries struct{ DB *gorm.DB }

func (r Deliveries) Record(ctx context.Context, d *app.Delivery) error {
	return r.DB.WithContext(ctx).Create(d).Error
}

type Keys struct{ DB *gorm.DB }

type idempotencyKey struct {
	Key string `gorm:"primaryKey"`
}

func (r Keys) Exists(ctx context.Context, key string) (bool, error) {
	var k idempotencyKey
	res := r.DB.WithContext(ctx).Where("key = ?", key).Find(&k)
	return res.RowsAffected > 0, res.Error
}

func (r Keys) Save(ctx context.Context, key string) error {
	return r.DB.WithContext(ctx).Create(&idempotencyKey{Key: key}).Error // want `a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.CreditOnce\)`
}

type repos struct{ db *gorm.DB }

func (r *repos) Keys() app.Keys { return Keys{r.db} }

func (r *repos) Events() app.Events   { return Events{r.db} }
func (r *repos) Credits() app.Credits { return Credits{r.db} }

// Units runs the function on the repositories of gorm's transaction.
type Units struct{ DB *gorm.DB }

func (u *Units) InTx(ctx context.Context, fn func(r app.Repos) error) error {
	return u.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(&repos{db: tx})
	})
}

// Transfers moves money, each method in a transaction of gorm's.
type Transfers struct{ DB *gorm.DB }

// adjust moves an account's balance on the handle it is given.
func adjust(tx *gorm.DB, id string, delta int64) error {
	return tx.Model(&account{}).Where("id = ?", id).Update("balance", gorm.Expr("balance + ?", delta)).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in pg.adjust is not idempotent \(HTTP handler Handler.MoveApart\)`
}

func (r Transfers) Move(ctx context.Context, t *app.Transfer) error {
	return r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(t).Error; err != nil { // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into transfers in pg.Transfers.Move\$1 has no conflict handling for the caller-known id \(HTTP handler Handler.Move\)`
			return err
		}
		if err := adjust(tx, t.From, -t.Amount); err != nil {
			return err
		}
		return adjust(tx, t.To, t.Amount)
	})
}

func (r Transfers) Debit(ctx context.Context, account string, amount int64) error {
	return r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return adjust(tx, account, -amount)
	})
}

func (r Transfers) CreditIn(ctx context.Context, t *app.Transfer) error {
	return r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(t).Error; err != nil { // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into transfers in pg.Transfers.CreditIn\$1 has no conflict handling for the caller-known id \(HTTP handler Handler.MoveApart\)`
			return err
		}
		return adjust(tx, t.To, t.Amount)
	})
}

// SaveAccount writes the account over its row with gorm's Save.
func (r Transfers) SaveAccount(ctx context.Context, id string, balance int64) error {
	return r.DB.WithContext(ctx).Save(&account{ID: id, Balance: balance}).Error
}
