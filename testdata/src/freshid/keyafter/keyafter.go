// Package keyafter inserts a purchase under a fresh ID and then stores
// the request's key with it, in one transaction a runner of the program
// hands its work.
package keyafter

import (
	"context"
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// ErrInProgress answers a key another request holds.
var ErrInProgress = errors.New("in progress")

// Runner runs work in a transaction it commits when the work returns nil.
type Runner interface {
	InTx(ctx context.Context, fn func(tx pgx.Tx) error) error
}

// Service takes purchases.
type Service struct{ Tx Runner }

func claim(ctx context.Context, tx pgx.Tx, key, purchase string) (int64, error) {
	tag, err := tx.Exec(ctx, "INSERT INTO shop_checkout_keys (key, purchase_id) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", key, purchase)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// Negative: the key's row, inserted after the purchase in its
// transaction, fails it when another request stored the key: a retry's
// purchase is rolled back.
func (s *Service) Buy(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	s.Tx.InTx(r.Context(), func(tx pgx.Tx) error {
		id := uuid.NewString()
		if _, err := tx.Exec(r.Context(), "INSERT INTO shop_purchases (id, item) VALUES ($1, $2)", id, r.FormValue("item")); err != nil {
			return err
		}
		n, err := claim(r.Context(), tx, key, id)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrInProgress
		}
		return nil
	})
}

// A key found stored lets the transaction commit: the retry's purchase
// stays.
func (s *Service) BuyAnyway(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	s.Tx.InTx(r.Context(), func(tx pgx.Tx) error {
		id := uuid.NewString() // want `a retry inserts a second shop_purchases row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.BuyAnyway\)`
		if _, err := tx.Exec(r.Context(), "INSERT INTO shop_purchases (id, item) VALUES ($1, $2)", id, r.FormValue("item")); err != nil {
			return err
		}
		n, err := claim(r.Context(), tx, key, id)
		if err != nil || n == 0 {
			return err
		}
		return nil
	})
}

// The key is stored only for gifts: other purchases commit alone.
func (s *Service) BuySome(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	s.Tx.InTx(r.Context(), func(tx pgx.Tx) error {
		id := uuid.NewString() // want `a retry inserts a second shop_purchases row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.BuySome\)`
		if _, err := tx.Exec(r.Context(), "INSERT INTO shop_purchases (id, item) VALUES ($1, $2)", id, r.FormValue("item")); err != nil {
			return err
		}
		if r.FormValue("gift") == "" {
			return nil
		}
		n, err := claim(r.Context(), tx, key, id)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrInProgress
		}
		return nil
	})
}

// Register serves the handlers.
func Register(mux *http.ServeMux, s *Service) {
	mux.HandleFunc("POST /purchases", s.Buy)
	mux.HandleFunc("POST /purchases/anyway", s.BuyAnyway)
	mux.HandleFunc("POST /purchases/some", s.BuySome)
}
