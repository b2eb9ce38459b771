// Package gormhooks writes models whose gorm BeforeCreate hook gives
// them a fresh ID when they have none.
package gormhooks

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var orm *gorm.DB

// Invoice gets its ID from its hook.
type Invoice struct {
	ID       uuid.UUID
	Contract string
	Cents    int64
}

func (i *Invoice) BeforeCreate(*gorm.DB) error {
	if i.ID == uuid.Nil {
		i.ID = uuid.New()
	}
	return nil
}

// Ticket's hook gives it a string ID on every write, set or not.
type Ticket struct {
	ID   string
	Body string
}

func (t *Ticket) BeforeCreate(tx *gorm.DB) error {
	t.ID = uuid.New().String()
	return nil
}

// Remittance is unique by the bank's reference.
type Remittance struct {
	ID      uuid.UUID
	BankRef string `gorm:"uniqueIndex"`
	Cents   int64
}

func (r *Remittance) BeforeCreate(*gorm.DB) error {
	if r.ID == uuid.Nil {
		r.ID = uuid.New()
	}
	return nil
}

// Visit's hook sets its state, not its ID.
type Visit struct {
	ID     uuid.UUID
	Status string
}

func (v *Visit) BeforeCreate(*gorm.DB) error {
	if v.Status == "" {
		v.Status = "booked"
	}
	return nil
}

// Positive: the hook makes the invoice's ID when the task's write
// runs, on every attempt.
func draftInvoice(ctx context.Context, t *asynq.Task) error {
	inv := Invoice{Contract: string(t.Payload()), Cents: 100}
	return orm.WithContext(ctx).Create(&inv).Error // want `a retry creates a second Invoice with a new ID: Invoice.BeforeCreate's uuid.New\(\) is fresh on every attempt \(asynq handler draftInvoice\)`
}

// Positive: a helper of the package writes the model it is given.
func draftThroughHelper(ctx context.Context, t *asynq.Task) error {
	inv := &Invoice{Contract: string(t.Payload())}
	if err := insertInvoice(ctx, inv); err != nil { // want `a retry creates a second Invoice with a new ID: Invoice.BeforeCreate's uuid.New\(\) is fresh`
		return err
	}
	return nil
}

func insertInvoice(ctx context.Context, inv *Invoice) error {
	return orm.WithContext(ctx).Create(inv).Error
}

// Positive: inside a transaction's callback.
func draftInTx(ctx context.Context, t *asynq.Task) error {
	return orm.Transaction(func(tx *gorm.DB) error {
		inv := &Invoice{Contract: string(t.Payload())}
		return tx.Create(inv).Error // want `a retry creates a second Invoice with a new ID`
	})
}

// Positive, without a fix: the hook replaces an ID set before the
// write.
func openTicket(ctx context.Context, t *asynq.Task) error {
	return orm.Create(&Ticket{Body: string(t.Payload())}).Error // want `a retry creates a second Ticket with a new ID: Ticket.BeforeCreate's uuid.New\(\) is fresh on every attempt \(asynq handler openTicket\); the hook replaces an ID set before the write`
}

// Negative: the ID is the task's own, which the hook keeps.
func draftKeyed(ctx context.Context, t *asynq.Task) error {
	inv := Invoice{ID: uuid.NewSHA1(uuid.NameSpaceOID, []byte(t.ResultWriter().TaskID())), Contract: string(t.Payload())}
	return orm.Create(&inv).Error
}

// Negative: the ID is set after the model is made, before the write.
func draftKeyedLater(ctx context.Context, t *asynq.Task) error {
	inv := &Invoice{Contract: string(t.Payload())}
	inv.ID = uuid.NewSHA1(uuid.NameSpaceOID, []byte(t.ResultWriter().TaskID()))
	return orm.Create(inv).Error
}

// Negative: the model is decoded from the payload, which may carry the
// ID, before it is written.
func draftDecoded(ctx context.Context, t *asynq.Task) error {
	var inv Invoice
	if err := json.Unmarshal(t.Payload(), &inv); err != nil {
		return err
	}
	return orm.Create(&inv).Error
}

// Negative: a repeat of the bank's reference is absorbed by the
// conflict clause.
func remit(ctx context.Context, t *asynq.Task) error {
	r := &Remittance{BankRef: string(t.Payload()), Cents: 5}
	return orm.Clauses(clause.OnConflict{DoNothing: true}).Create(r).Error
}

// Negative: a repeat of the bank's reference fails on its unique index
// before a second row is added.
func remitStrict(ctx context.Context, t *asynq.Task) error {
	return orm.Create(&Remittance{BankRef: string(t.Payload())}).Error
}

// Negative: the hook makes no ID (a visit's ID is the zero UUID here,
// which a retry repeats).
func book(ctx context.Context, t *asynq.Task) error {
	return orm.Create(&Visit{}).Error
}

// Negative: the model's ID is only read, after a lookup, never written
// by a create.
func lookup(ctx context.Context, t *asynq.Task) error {
	var inv Invoice
	return orm.First(&inv, "contract = ?", string(t.Payload())).Error
}

// Statement is unique by its account and period.
type Statement struct {
	ID      string
	Account string `gorm:"uniqueIndex:statement_period"`
	Period  string `gorm:"uniqueIndex:statement_period"`
}

// Negative: the statement a closure's variable is set to last, before
// the write, repeats its account and period, a key of the table: a
// retry fails there (or finds the first one) before a second row.
func issueStatement(ctx context.Context, t *asynq.Task) error {
	var st *Statement
	return orm.Transaction(func(tx *gorm.DB) error {
		var found Statement
		if err := tx.First(&found, "account = ?", string(t.Payload())).Error; err == nil {
			st = &found
			return nil
		}
		st = &Statement{ID: uuid.NewString(), Account: string(t.Payload()), Period: "2026-12"}
		return tx.Create(st).Error
	})
}

// Positive: set again on one branch, the variable may hold either
// statement at the write, and neither is known to repeat the key.
func issueEither(ctx context.Context, t *asynq.Task) error {
	var st *Statement
	return orm.Transaction(func(tx *gorm.DB) error {
		st = &Statement{ID: uuid.NewString(), Account: string(t.Payload()), Period: "2026-12"} // want `a retry creates a second Statement with a new ID`
		if len(t.Payload()) > 8 {
			st = &Statement{ID: uuid.NewString()} // want `a retry creates a second Statement with a new ID`
		}
		return tx.Create(st).Error
	})
}

// Base is embedded by models that share its ID and its hook.
type Base struct {
	ID string `gorm:"primaryKey"`
}

func (b *Base) BeforeCreate(*gorm.DB) error {
	if b.ID == "" {
		b.ID = uuid.NewString()
	}
	return nil
}

// Parcel takes its ID, and the hook that makes it, from Base.
type Parcel struct {
	Base
	Weight int
}

// Crate has a hook of its own, which hides Base's: it makes no ID.
type Crate struct {
	Base
	Label string
}

func (c *Crate) BeforeCreate(*gorm.DB) error {
	if c.Label == "" {
		c.Label = "crate"
	}
	return nil
}

// Positive: the embedded struct's hook makes the parcel's ID.
func shipParcel(ctx context.Context, t *asynq.Task) error {
	p := &Parcel{Weight: len(t.Payload())}
	return orm.Create(p).Error // want `a retry creates a second Parcel with a new ID: Base.BeforeCreate's uuid.NewString\(\) is fresh on every attempt \(asynq handler shipParcel\)`
}

// Negative: the parcel's ID is the task's.
func shipParcelKeyed(ctx context.Context, t *asynq.Task) error {
	p := &Parcel{Base: Base{ID: t.ResultWriter().TaskID()}, Weight: len(t.Payload())}
	return orm.Clauses(clause.OnConflict{DoNothing: true}).Create(p).Error
}

// Negative: the crate's own hook runs, not Base's.
func packCrate(ctx context.Context, t *asynq.Task) error {
	return orm.Create(&Crate{Label: string(t.Payload())}).Error
}
