// Package ledger keeps the platform's double-entry ledger (platform fees,
// seller payouts, manual adjustments) in Postgres through bun.
package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/acme/escrow/internal/platform/ids"
	"github.com/acme/escrow/internal/platform/retry"
)

// ErrUnbalanced is returned for postings that do not sum to zero.
var ErrUnbalanced = errors.New("ledger: postings do not balance")

// ErrValidation is returned for malformed requests.
var ErrValidation = errors.New("ledger: invalid request")

// NewDB opens a bun DB sharing the service's pgx pool.
func NewDB(pool *pgxpool.Pool) *bun.DB {
	return bun.NewDB(stdlib.OpenDBFromPool(pool), pgdialect.New())
}

// Config holds ledger settings.
type Config struct {
	SettlementCurrency string
}

// Service posts journal entries.
type Service struct {
	db    *bun.DB
	cfg   Config
	newID func() string
	retry retry.Policy
	log   *slog.Logger
}

// NewService returns a Service.
func NewService(db *bun.DB, cfg Config, log *slog.Logger) *Service {
	return &Service{
		db:    db,
		cfg:   cfg,
		newID: ids.NewULIDs().New,
		retry: retry.Default,
		log:   log.With("service", "ledger"),
	}
}

// post inserts a balanced entry and its postings using idb, which is normally
// a bun.Tx.
func post(ctx context.Context, idb bun.IDB, entry *JournalEntry, lines ...*Posting) error {
	var sum int64
	for _, l := range lines {
		sum += l.AmountCents
		l.EntryID = entry.ID
	}
	if sum != 0 || len(lines) < 2 {
		return ErrUnbalanced
	}
	if _, err := idb.NewInsert().Model(entry).Exec(ctx); err != nil {
		return fmt.Errorf("insert entry: %w", err)
	}
	if _, err := idb.NewInsert().Model(&lines).Exec(ctx); err != nil {
		return fmt.Errorf("insert postings: %w", err)
	}
	return nil
}

func pair(debit, credit string, amount int64, currency string) []*Posting {
	return []*Posting{
		{AccountCode: debit, AmountCents: amount, Currency: currency},
		{AccountCode: credit, AmountCents: -amount, Currency: currency},
	}
}

// BookPlatformFee recognises the platform fee of a captured escrow.
func (s *Service) BookPlatformFee(ctx context.Context, escrowID string, feeCents int64, currency string) error {
	if feeCents == 0 {
		return nil
	}
	entry := &JournalEntry{ID: s.newID(), Kind: KindPlatformFee, Reference: "escrow:" + escrowID}
	return s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		return post(ctx, tx, entry, pair(AccountEscrow, AccountFees, feeCents, currency)...)
	})
}

// RecordSellerPayout books money leaving the Stripe balance for a seller.
func (s *Service) RecordSellerPayout(ctx context.Context, reference string, amountCents int64, currency string) error {
	entry := &JournalEntry{ID: s.newID(), Kind: KindSellerPayout, Reference: reference}
	return s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		return post(ctx, tx, entry, pair(AccountSellers, AccountStripeCash, amountCents, currency)...)
	})
}

// Adjustment is a manual two-sided correction entered by finance.
type Adjustment struct {
	DebitAccount  string
	CreditAccount string
	AmountCents   int64
	Currency      string
	Memo          string
}

// PostAdjustment books a manual adjustment once per Idempotency-Key and
// returns the journal entry ID.
func (s *Service) PostAdjustment(ctx context.Context, key string, a Adjustment) (string, error) {
	if key == "" || a.AmountCents <= 0 || a.DebitAccount == a.CreditAccount {
		return "", ErrValidation
	}
	var prior AdjustmentKey
	err := s.db.NewSelect().Model(&prior).Where("key = ?", key).Scan(ctx)
	switch {
	case err == nil:
		return prior.EntryID, nil
	case !errors.Is(err, sql.ErrNoRows):
		return "", err
	}

	entry := &JournalEntry{ID: s.newID(), Kind: KindAdjustment, Reference: "adjustment:" + key, Memo: a.Memo}
	if err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		return post(ctx, tx, entry, pair(a.DebitAccount, a.CreditAccount, a.AmountCents, a.Currency)...)
	}); err != nil {
		return "", err
	}
	if _, err := s.db.NewInsert().Model(&AdjustmentKey{Key: key, EntryID: entry.ID}).Exec(ctx); err != nil {
		return "", fmt.Errorf("remember adjustment key: %w", err)
	}
	s.log.InfoContext(ctx, "adjustment posted", "entry_id", entry.ID)
	return entry.ID, nil
}
