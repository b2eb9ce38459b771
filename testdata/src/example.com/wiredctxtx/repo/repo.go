// Package repo writes on the transaction a context carries, or else on
// the database.
package repo

import (
	"context"

	"gorm.io/gorm"

	"example.com/wiredctxtx/storage"
)

// Tag is a transponder.
type Tag struct {
	Serial string `gorm:"primaryKey"`
	Status string
}

// Event is a tag's status change.
type Event struct {
	ID     int64
	Serial string
	Seq    int64
}

// Tags writes tags and their events.
type Tags struct{ DB *gorm.DB }

// Append adds a status event.
func (r *Tags) Append(ctx context.Context, ev *Event) error {
	return storage.Conn(ctx, r.DB).Create(ev).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into events in repo.Tags.Append is not idempotent \(HTTP handler Handler.TagLoose\)`
}

// SetStatus sets a tag's status.
func (r *Tags) SetStatus(ctx context.Context, serial, status string) error {
	return storage.Conn(ctx, r.DB).Model(&Tag{}).Where("serial = ?", serial).Update("status", status).Error
}

// Ledger posts credits.
type Ledger struct{ DB *gorm.DB }

// Post credits an account and records the entry in a transaction of
// its own, a savepoint of the one the context carries.
func (l *Ledger) Post(ctx context.Context, account string, cents int64) error {
	return storage.Conn(ctx, l.DB).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("UPDATE accounts SET balance = balance + ? WHERE id = ?", cents, account).Error; err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in repo.Ledger.Post\$1 is not idempotent \(HTTP handler Handler.CreditLoose\)`
			return err
		}
		return tx.Exec("INSERT INTO ledger (account, cents) VALUES (?, ?)", account, cents).Error
	})
}

// Account is a prepaid account.
type Account struct {
	ID      string `gorm:"primaryKey"`
	Balance int64
}

// Accounts reads and saves accounts.
type Accounts struct{ DB *gorm.DB }

// Get reads an account.
func (r *Accounts) Get(ctx context.Context, id string) (*Account, error) {
	var a Account
	err := storage.Conn(ctx, r.DB).First(&a, "id = ?", id).Error
	return &a, err
}

// Save writes the account back whole.
func (r *Accounts) Save(ctx context.Context, a *Account) error {
	return storage.Conn(ctx, r.DB).Save(a).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT of accounts \(it stores a value computed from the one read\) in repo.Accounts.Save is not idempotent \(HTTP handler Handler.Charge\)`
}

// Conner gives the handle for a context: the transaction it carries,
// or the database. main wires storage.Manager.
type Conner interface {
	Conn(ctx context.Context) *gorm.DB
}

// Marks writes marks on tags through the handle a Conner gives.
type Marks struct{ C Conner }

// Append adds a mark's event.
func (r *Marks) Append(ctx context.Context, ev *Event) error {
	return r.C.Conn(ctx).Create(ev).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into events in repo.Marks.Append is not idempotent \(HTTP handler Handler.MarkLoose\)`
}

// SetStatus sets a tag's status.
func (r *Marks) SetStatus(ctx context.Context, serial, status string) error {
	return r.C.Conn(ctx).Model(&Tag{}).Where("serial = ?", serial).Update("status", status).Error
}
