// Package app places orders under a request's idempotency key, claimed
// in the order's transaction through a store of another package that
// reads the key's row back.
package app

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/google/uuid"
)

// A KeyRow is the row of a claimed key: the order an earlier attempt
// placed under it, if any.
type KeyRow struct {
	Key     string
	OrderID string
}

// Keys claims keys in a transaction.
type Keys interface {
	Claim(ctx context.Context, tx *sql.Tx, key string) (KeyRow, error)
	Attach(ctx context.Context, tx *sql.Tx, key, orderID string) error
}

// Orders stores orders.
type Orders interface {
	Insert(ctx context.Context, tx *sql.Tx, id string) error
}

// Service places orders.
type Service struct {
	DB     *sql.DB
	Keys   Keys
	Orders Orders
}

// Place claims the key and reads back its row: an order placed before
// under it ends the attempt, so the fresh ID is made once.
func (s *Service) Place(ctx context.Context, key string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	row, err := s.Keys.Claim(ctx, tx, key)
	if err != nil {
		return err
	}
	if row.OrderID != "" {
		return tx.Commit()
	}
	id := uuid.NewString()
	if err := s.Orders.Insert(ctx, tx, id); err != nil {
		return err
	}
	if err := s.Keys.Attach(ctx, tx, key, id); err != nil {
		return err
	}
	return tx.Commit()
}

// PlaceLoose claims the key but never looks at its row: a retry inserts
// a second order.
func (s *Service) PlaceLoose(ctx context.Context, key string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := s.Keys.Claim(ctx, tx, key); err != nil {
		return err
	}
	id := uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PlaceLoose\)`
	if err := s.Orders.Insert(ctx, tx, id); err != nil {
		return err
	}
	return tx.Commit()
}

// A Charger charges a card under a key the provider deduplicates on.
type Charger interface {
	Charge(ctx context.Context, amount int64, key string) error
}

// A Payments service claims the payment's key, reads back its row, and
// charges the card.
type Payments struct {
	DB      *sql.DB
	Keys    Keys
	Charger Charger
}

// Pay charges under a fresh key after a claim read back: the row says
// the work is done only once Attach runs, after the charge, so a retry
// after a lost response goes on and charges again under a new key.
func (s *Payments) Pay(ctx context.Context, key string, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	row, err := s.Keys.Claim(ctx, tx, key)
	if err != nil {
		return err
	}
	if row.OrderID != "" {
		return tx.Commit()
	}
	charge := uuid.NewString() // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler PayHandler.Pay\)`
	if err := s.Charger.Charge(ctx, amount, charge); err != nil {
		return err
	}
	if err := s.Keys.Attach(ctx, tx, key, charge); err != nil {
		return err
	}
	return tx.Commit()
}

// A Claimer claims a key in the caller's transaction: false when an
// earlier attempt claimed it.
type Claimer interface {
	TryClaim(ctx context.Context, tx *sql.Tx, key string) (bool, error)
}

// A PoolClaimer claims a key on its own: false when an earlier attempt
// claimed it.
type PoolClaimer interface {
	Claim(ctx context.Context, key string) (bool, error)
}

// A Booker books under claimed keys.
type Booker struct {
	DB     *sql.DB
	Claims Claimer
	Pool   PoolClaimer
	Orders Orders
}

// BookClaimed claims the key first, then makes the order's ID and
// inserts it in a transaction's callback: the ID is made once.
func (b *Booker) BookClaimed(ctx context.Context, key string) error {
	ok, err := b.Pool.Claim(ctx, key)
	if err != nil || !ok {
		return err
	}
	id := uuid.NewString()
	return b.inTx(ctx, func(tx *sql.Tx) error {
		return b.Orders.Insert(ctx, tx, id)
	})
}

// Book makes the order's ID, then claims the key in the transaction's
// callback and inserts only when the claim is new: the outcome kept in
// a variable of the enclosing function decides, and the retry stops at
// the claim.
func (b *Booker) Book(ctx context.Context, key string) (bool, error) {
	id := uuid.NewString()
	var claimed bool
	err := b.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		claimed, err = b.Claims.TryClaim(ctx, tx, key)
		if err != nil {
			return err
		}
		if !claimed {
			return nil
		}
		return b.Orders.Insert(ctx, tx, id)
	})
	return claimed, err
}

func (b *Booker) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := b.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// BookHandler serves the bookings API.
type BookHandler struct{ B *Booker }

func (h *BookHandler) BookClaimed(w http.ResponseWriter, r *http.Request) {
	if err := h.B.BookClaimed(r.Context(), r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *BookHandler) Book(w http.ResponseWriter, r *http.Request) {
	if _, err := h.B.Book(r.Context(), r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Placer is what the handler calls.
type Placer interface {
	Place(ctx context.Context, key string) error
	PlaceLoose(ctx context.Context, key string) error
}

// A Payer takes payments.
type Payer interface {
	Pay(ctx context.Context, key string, amount int64) error
}

// PayHandler serves the payments API.
type PayHandler struct{ Svc Payer }

func (h *PayHandler) Pay(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Pay(r.Context(), r.Header.Get("Idempotency-Key"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Handler serves the orders API.
type Handler struct{ Svc Placer }

func (h *Handler) Place(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Place(r.Context(), r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PlaceLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.PlaceLoose(r.Context(), r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
