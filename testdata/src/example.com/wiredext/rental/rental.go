// Package rental closes rentals through the repositories it is given.
package rental

import (
	"context"

	"github.com/google/uuid"

	"example.com/wiredext/db"
	"example.com/wiredext/idgen"
	"example.com/wiredext/txn"
)

// Repo is the rentals' repository.
type Repo interface {
	AddCharge(ctx context.Context, q db.Ext, id string, cents int64) error
	AddFee(ctx context.Context, q db.Ext, id string) error
	AddDeposit(ctx context.Context, q db.Ext, id string) error
	Create(ctx context.Context, q db.Ext, id string) error
	GetForUpdate(ctx context.Context, q db.Ext, id string) (Rental, error)
	InsertEvent(ctx context.Context, q db.Ext, ev Event) error
	TransitionStatus(ctx context.Context, q db.Ext, p TransitionParams) error
	Close(ctx context.Context, q db.Ext, id string) error
}

// Tx runs functions in transactions.
type Tx interface {
	InTx(ctx context.Context, fn func(q db.Ext) error) error
}

// Notes are the desk's notes.
type Notes interface {
	Note(ctx context.Context, id, text string) error
	Flag(ctx context.Context, id string) error
}

// Rental is a rental's row.
type Rental struct{ ID, Status string }

// Event is an event of a rental.
type Event struct{ ID, RentalID string }

// TransitionParams set a rental's status.
type TransitionParams struct{ ID, To string }

// IDs makes rental IDs.
type IDs interface{ New() string }

// Refs makes references.
type Refs interface{ Next() string }

// Counter closes rentals.
type Counter struct {
	db    db.Ext
	tx    Tx
	repo  Repo
	notes Notes
	ids   IDs  // what main injects
	refs  Refs // what main injects
	own   IDs  // the Counter's own
}

// New returns a Counter on q, the handle for work outside a
// transaction.
func New(q db.Ext, tx Tx, repo Repo, notes Notes, ids IDs, refs Refs) *Counter {
	return &Counter{db: q, tx: tx, repo: repo, notes: notes, ids: ids, refs: refs, own: idgen.UUIDs{}}
}

// Open stores a rental under an ID the injected generator makes: fresh
// on every attempt, as main wires it.
func (c *Counter) Open(ctx context.Context) error {
	return c.repo.Create(ctx, c.db, c.ids.New()) // want `a retry inserts a second rentals row with a new id: IDs.New\(\) is fresh on every attempt \(HTTP handler Handler.Open\)`
}

// OpenOwn does the same with the generator the Counter makes itself.
func (c *Counter) OpenOwn(ctx context.Context) error {
	return c.repo.Create(ctx, c.db, c.own.New()) // want `a retry inserts a second rentals row with a new id: UUIDs.New\(\) is fresh on every attempt \(HTTP handler Handler.OpenOwn\)`
}

// OpenRef stores a rental under a reference the injected maker derives
// from its prefix: the same on every attempt.
func (c *Counter) OpenRef(ctx context.Context) error {
	return c.repo.Create(ctx, c.db, c.refs.Next())
}

// Checkin charges and closes a rental, each write on the handle the
// Counter was built with: the pool main gives it.
func (c *Counter) Checkin(ctx context.Context, id string) error {
	if err := c.repo.AddCharge(ctx, c.db, id, 500); err != nil {
		return err
	}
	return c.repo.Close(ctx, c.db, id)
}

// Return fines a late rental and closes it, each write on the pool.
func (c *Counter) Return(ctx context.Context, id string) error {
	if err := c.repo.AddFee(ctx, c.db, id); err != nil {
		return err
	}
	return c.repo.Close(ctx, c.db, id)
}

// Deposit records the deposit in a transaction that a generic helper
// runs, then closes the rental on the pool: the two commit apart.
func (c *Counter) Deposit(ctx context.Context, id string) error {
	if _, err := txn.Run(ctx, c.tx, func(q db.Ext) (int, error) {
		return 1, c.repo.AddDeposit(ctx, q, id)
	}); err != nil {
		return err
	}
	return c.repo.Close(ctx, c.db, id)
}

// DepositFee records the deposit and the fee in the helper's
// transaction, then closes the rental on the pool.
func (c *Counter) DepositFee(ctx context.Context, id string) error {
	if _, err := txn.Run(ctx, c.tx, func(q db.Ext) (int, error) {
		if err := c.repo.AddDeposit(ctx, q, id); err != nil {
			return 0, err
		}
		return 1, c.repo.AddFee(ctx, q, id)
	}); err != nil {
		return err
	}
	return c.repo.Close(ctx, c.db, id)
}

// DepositTx does both in the helper's transaction.
func (c *Counter) DepositTx(ctx context.Context, id string) error {
	_, err := txn.Run(ctx, c.tx, func(q db.Ext) (int, error) {
		if err := c.repo.AddDeposit(ctx, q, id); err != nil {
			return 0, err
		}
		return 1, c.repo.Close(ctx, q, id)
	})
	return err
}

// Finish records the finishing event under a new ID, then sets the
// status, in the transaction whose read locked the rental: the status
// commits with the event, and a retry after the commit leaves at the
// test.
func (c *Counter) Finish(ctx context.Context, id string) error {
	return c.tx.InTx(ctx, func(q db.Ext) error {
		r, err := c.repo.GetForUpdate(ctx, q, id)
		if err != nil {
			return err
		}
		if r.Status == "finished" {
			return nil
		}
		if err := c.repo.InsertEvent(ctx, q, Event{ID: uuid.NewString(), RentalID: r.ID}); err != nil {
			return err
		}
		return c.repo.TransitionStatus(ctx, q, TransitionParams{ID: r.ID, To: "finished"})
	})
}

// FinishQuiet commits without the status when the rental is quiet: a
// retry records the event again.
func (c *Counter) FinishQuiet(ctx context.Context, id string, quiet bool) error {
	return c.tx.InTx(ctx, func(q db.Ext) error {
		r, err := c.repo.GetForUpdate(ctx, q, id)
		if err != nil {
			return err
		}
		if r.Status == "finished" {
			return nil
		}
		if err := c.repo.InsertEvent(ctx, q, Event{ID: uuid.NewString(), RentalID: r.ID}); err != nil { // want `a retry inserts a second rental_events row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.FinishQuiet\)`
			return err
		}
		if quiet {
			return nil
		}
		return c.repo.TransitionStatus(ctx, q, TransitionParams{ID: r.ID, To: "finished"})
	})
}

// CheckinTx does the same in one transaction.
func (c *Counter) CheckinTx(ctx context.Context, id string) error {
	return c.tx.InTx(ctx, func(q db.Ext) error {
		if err := c.repo.AddCharge(ctx, q, id, 500); err != nil {
			return err
		}
		return c.repo.Close(ctx, q, id)
	})
}

// Remark notes and flags a rental on the desk's connection, which
// joins whatever transaction the context carries: its units are not
// known.
func (c *Counter) Remark(ctx context.Context, id string) error {
	if err := c.notes.Note(ctx, id, "damaged"); err != nil {
		return err
	}
	return c.notes.Flag(ctx, id)
}
