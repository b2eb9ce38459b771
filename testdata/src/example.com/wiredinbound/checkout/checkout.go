// Package checkout sells listings: it takes the listing off the market,
// then records the sale in a transaction of its own.
package checkout

import (
	"context"
	"errors"

	"example.com/wiredinbound/store"

	"gorm.io/gorm"
)

// Fees prices the service's fee on a sale.
type Fees interface {
	Fee(price int64) int64
}

// Flat is a fee of a fixed share of the price.
type Flat struct{ Percent int64 }

// Fee returns the fee on price.
func (f Flat) Fee(price int64) int64 { return price * f.Percent / 100 }

// Quotes prices a sale with a partner.
type Quotes interface {
	Quote(ctx context.Context, price int64) (int64, error)
}

// Service sells listings.
type Service struct {
	DB       *gorm.DB
	Listings store.Listings
	Fees     Fees
	Quotes   Quotes
}

// ErrGone says the listing is sold or reserved.
var ErrGone = errors.New("listing no longer available")

// Buy reserves the listing on the database, then records the sale at
// the price plus the fee: a failure between the two leaves the listing
// reserved, and the retry finds it gone.
func (s *Service) Buy(ctx context.Context, id string) error {
	l, err := s.Listings.Get(ctx, id)
	if err != nil {
		return err
	}
	ok, err := s.Listings.Reserve(ctx, l.ID)
	if err != nil {
		return err
	}
	if !ok {
		return ErrGone
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return store.NewSales(tx).Insert(ctx, l.ID, l.Price+s.Fees.Fee(l.Price))
	})
}

// BuyQuoted records the sale at a price a partner's client answers:
// the sale may be the outcome of a call the list does not show, and no
// finding is made.
func (s *Service) BuyQuoted(ctx context.Context, id string) error {
	l, err := s.Listings.Get(ctx, id)
	if err != nil {
		return err
	}
	ok, err := s.Listings.Reserve(ctx, l.ID)
	if err != nil || !ok {
		return err
	}
	amount, err := s.Quotes.Quote(ctx, l.Price)
	if err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return store.NewSales(tx).Insert(ctx, l.ID, amount)
	})
}

// Options are what a Payments is built with.
type Options struct {
	Notes store.Notes
}

// Payments takes payments on orders.
type Payments struct {
	db    *gorm.DB
	notes store.Notes
}

// NewPayments returns Payments on db with the options' notes.
func NewPayments(db *gorm.DB, o Options) *Payments {
	return &Payments{db: db, notes: o.Notes}
}

// Pay adds to the order's paid total and notes it: the program wires
// notes kept in memory, so the total is the one write.
func (s *Payments) Pay(ctx context.Context, orderID string) error {
	if err := s.db.WithContext(ctx).Exec(`UPDATE orders SET paid_total = paid_total + 1 WHERE id = ?`, orderID).Error; err != nil {
		return err
	}
	return s.notes.Add(ctx, orderID)
}

// NewMemPayments returns Payments that keep their notes in memory: a
// container calls it, with notes of the type it asks for.
func NewMemPayments(db *gorm.DB, n *store.MemNotes) *Payments {
	return &Payments{db: db, notes: n}
}
