// Package app places orders and applies payments through repositories
// it binds to its transactions.
package app

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/wiredwithtx/repo"
)

// Service holds the database and the repositories main gives it.
type Service struct {
	DB     *sql.DB
	Keys   repo.Keys
	Orders repo.Orders
	Events repo.Events
}

// Place claims the request's key and inserts the order in one
// transaction, both repositories bound to it: the key commits with its
// effect.
func (s *Service) Place(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	claimed, err := s.Keys.WithTx(tx).Claim(ctx, r.Header.Get("Idempotency-Key"))
	if err != nil || !claimed {
		return
	}
	if err := s.Orders.WithTx(tx).Insert(ctx, r.FormValue("id"), 10); err != nil {
		return
	}
	tx.Commit()
}

// Paid applies a provider's payment event: the event is looked up and
// recorded on the database, apart from the transaction the payment is
// added in.
func (s *Service) Paid(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.FormValue("event")
	if seen, err := s.Events.Seen(ctx, id); err != nil || seen {
		return
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	if err := s.Orders.WithTx(tx).AddPaid(ctx, r.FormValue("order"), 10); err != nil {
		return
	}
	if err := tx.Commit(); err != nil {
		return
	}
	s.Events.Mark(ctx, id)
}

// PlaceThenMark places the order as Place does, then marks it on the
// database: a retry after the commit stops at the claimed key, so a
// failed mark is never made.
func (s *Service) PlaceThenMark(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.FormValue("id")
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	claimed, err := s.Keys.WithTx(tx).Claim(ctx, r.Header.Get("Idempotency-Key"))
	if err != nil || !claimed {
		return
	}
	if err := s.Orders.WithTx(tx).Insert(ctx, id, 10); err != nil {
		return
	}
	if err := tx.Commit(); err != nil {
		return
	}
	s.Orders.SetStatus(ctx, id, "placed")
}

// PlaceOrMark inserts the order only when its key is new, and marks it
// whatever the claim found: a retry goes on to the mark.
func (s *Service) PlaceOrMark(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.FormValue("id")
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	claimed, err := s.Keys.WithTx(tx).Claim(ctx, r.Header.Get("Idempotency-Key"))
	if err != nil {
		return
	}
	if claimed {
		if err := s.Orders.WithTx(tx).Insert(ctx, id, 10); err != nil {
			return
		}
	}
	if err := tx.Commit(); err != nil {
		return
	}
	s.Orders.SetShipping(ctx, id, "post")
}

// PlaceAndMark claims the key and inserts the order in a transaction
// helper's literal, which leaves without the insert when the key was
// claimed before, then reads the order back and marks it: a retry goes
// on past the claim to the mark.
func (s *Service) PlaceAndMark(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.FormValue("id")
	err := inTx(ctx, s.DB, func(tx *sql.Tx) error {
		claimed, err := s.Keys.WithTx(tx).Claim(ctx, r.Header.Get("Idempotency-Key"))
		if err != nil || !claimed {
			return err
		}
		return s.Orders.WithTx(tx).Insert(ctx, id, 10)
	})
	if err != nil {
		return
	}
	total, err := s.Orders.Total(ctx, id)
	if err != nil || total == 0 {
		return
	}
	s.Orders.SetChannel(ctx, id, "web")
}

func inTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// PaidOnce adds the payment in a transaction, then records the event on
// the database: a failure of the record leaves the payment added, and
// the retry adds it again.
func (s *Service) PaidOnce(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	if err := s.Orders.WithTx(tx).AddPaid(ctx, r.FormValue("order"), 5); err != nil {
		return
	}
	if err := tx.Commit(); err != nil {
		return
	}
	s.Events.MarkOnce(ctx, r.FormValue("event"))
}

// PlaceLoosely claims the key but drops what the claim found, then
// inserts the order and adds its payment, each on the database: the
// claim stops no retry.
func (s *Service) PlaceLoosely(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.FormValue("id")
	if _, err := s.Keys.Claim(ctx, r.Header.Get("Idempotency-Key")); err != nil {
		return
	}
	if err := s.Orders.Insert(ctx, id, 10); err != nil {
		return
	}
	s.Orders.AddPaid(ctx, id, 10)
}
