// Package app books ledger entries through a repository that copies
// itself onto gorm's transaction.
package app

import (
	"context"
	"net/http"

	"gorm.io/gorm"
)

// An Entry is a ledger entry; Key, when set, is unique.
type Entry struct {
	ID      string
	Account string
	Amount  int64
	Key     string
}

// Ledger stores entries and balances.
type Ledger interface {
	WithTx(tx *gorm.DB) Ledger
	Insert(ctx context.Context, e *Entry) error
	Adjust(ctx context.Context, account string, delta int64) error
}

// Poster books an entry on the transaction it is given.
type Poster interface {
	Post(ctx context.Context, tx *gorm.DB, e Entry) error
}

// An IdempotencyKey is a request's key, stored once it is handled.
type IdempotencyKey struct {
	Key string `gorm:"primaryKey"`
}

// Keys stores the requests' keys.
type Keys interface {
	WithTx(tx *gorm.DB) Keys
	Get(ctx context.Context, key string) (*IdempotencyKey, error)
	Put(ctx context.Context, key string) error
}

// Service books entries.
type Service struct {
	DB     *gorm.DB
	Ledger Ledger
	Poster Poster
	Keys   Keys
}

// Post books the entry on tx.
func (s *Service) Post(ctx context.Context, tx *gorm.DB, e Entry) error { return s.post(ctx, tx, e) }

// CreditVia books a credit in one transaction, handed to a poster
// through its interface.
func (s *Service) CreditVia(w http.ResponseWriter, r *http.Request) {
	s.DB.WithContext(r.Context()).Transaction(func(tx *gorm.DB) error {
		return s.Poster.Post(r.Context(), tx, Entry{ID: r.FormValue("id"), Account: "b", Amount: 10, Key: "via:" + r.FormValue("id")})
	})
}

// post inserts the entry and moves the balance on the transaction it is
// given.
func (s *Service) post(ctx context.Context, tx *gorm.DB, e Entry) error {
	repo := s.Ledger.WithTx(tx)
	if err := repo.Insert(ctx, &e); err != nil {
		return err
	}
	return repo.Adjust(ctx, e.Account, e.Amount)
}

// Credit books a credit in one transaction.
func (s *Service) Credit(w http.ResponseWriter, r *http.Request) {
	s.DB.WithContext(r.Context()).Transaction(func(tx *gorm.DB) error {
		return s.post(r.Context(), tx, Entry{ID: r.FormValue("id"), Account: "a", Amount: 10, Key: r.Header.Get("Idempotency-Key")})
	})
}

// CreditLoose books it on the pool: each write commits on its own.
func (s *Service) CreditLoose(w http.ResponseWriter, r *http.Request) {
	e := Entry{ID: r.FormValue("id"), Account: "a", Amount: 10}
	if err := s.Ledger.Insert(r.Context(), &e); err != nil {
		return
	}
	s.Ledger.Adjust(r.Context(), e.Account, e.Amount)
}

// CreditRemembered looks the key up, moves the balance and stores the
// key in one transaction, the key through a helper it hands the keys
// copied onto that transaction: the key commits with its effect.
func (s *Service) CreditRemembered(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	s.DB.WithContext(r.Context()).Transaction(func(tx *gorm.DB) error {
		keys := s.Keys.WithTx(tx)
		if rec, err := keys.Get(r.Context(), key); err != nil || rec != nil {
			return err
		}
		if err := s.Ledger.WithTx(tx).Adjust(r.Context(), "a", 10); err != nil {
			return err
		}
		return s.remember(r.Context(), keys, key)
	})
}

// CreditRememberedLoosely hands the helper the keys on the pool: the key
// commits apart from the balance's transaction, before it.
func (s *Service) CreditRememberedLoosely(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	s.DB.WithContext(r.Context()).Transaction(func(tx *gorm.DB) error {
		keys := s.Keys.WithTx(tx)
		if rec, err := keys.Get(r.Context(), key); err != nil || rec != nil {
			return err
		}
		if err := s.Ledger.WithTx(tx).Adjust(r.Context(), "a", 10); err != nil {
			return err
		}
		return s.remember(r.Context(), s.Keys, key)
	})
}

// remember stores key with the keys it is given.
func (s *Service) remember(ctx context.Context, keys Keys, key string) error {
	if key == "" {
		return nil
	}
	return keys.Put(ctx, key)
}
