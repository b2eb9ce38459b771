package wallet

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
)

// Service is the wallet API used by other domains that do not need to share
// a transaction with the balance change.
type Service interface {
	Balance(ctx context.Context, playerID string) (Balance, error)
	Credit(ctx context.Context, m Movement) (int64, error)
	Debit(ctx context.Context, m Movement) (int64, error)
	History(ctx context.Context, playerID string, limit int) ([]LedgerEntry, error)
}

type service struct {
	db    *sqlx.DB
	tx    db.Transactor
	store *Store
}

// NewService returns the database-backed Service.
func NewService(conn *sqlx.DB, tx db.Transactor, store *Store) Service {
	return &service{db: conn, tx: tx, store: store}
}

func (s *service) Balance(ctx context.Context, playerID string) (Balance, error) {
	w, err := s.store.Get(ctx, s.db, playerID)
	if err != nil {
		return Balance{}, err
	}
	return Balance{
		PlayerID:  w.PlayerID,
		Currency:  w.Currency,
		Cash:      w.CashBalance,
		Bonus:     w.BonusBalance,
		Reserved:  w.Reserved,
		Available: w.Available(),
	}, nil
}

// Credit applies a positive movement in its own transaction.
func (s *service) Credit(ctx context.Context, m Movement) (int64, error) {
	if m.Amount < 0 {
		m.Amount = -m.Amount
	}
	return db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (int64, error) {
		return s.store.Apply(ctx, tx, m)
	})
}

// Debit applies a negative movement in its own transaction.
func (s *service) Debit(ctx context.Context, m Movement) (int64, error) {
	if m.Amount > 0 {
		m.Amount = -m.Amount
	}
	return db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (int64, error) {
		return s.store.Apply(ctx, tx, m)
	})
}

func (s *service) History(ctx context.Context, playerID string, limit int) ([]LedgerEntry, error) {
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	return s.store.Entries(ctx, s.db, playerID, limit)
}
