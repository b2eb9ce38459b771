// Package payouts turns sitter earnings into weekly Stripe transfers.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/jobs"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type Ledger interface {
	UnsettledBalances(ctx context.Context, before time.Time) ([]store.SitterBalance, error)
	CreatePayout(ctx context.Context, p store.CreatePayoutParams) (store.Payout, error)
	GetPayout(ctx context.Context, id string) (store.Payout, error)
	MarkPayoutPaid(ctx context.Context, id, transferID string) (bool, error)
	SettleEarnings(ctx context.Context, sitterID uuid.UUID, payoutID string, before time.Time) (int64, error)
}

type Transactor interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// Sweeper creates one payout per sitter for the week that just ended.
type Sweeper struct {
	ledger   Ledger
	tx       Transactor
	jobs     jobs.TxInserter
	newID    func() string
	now      func() time.Time
	minimum  int64
	currency string
	log      *slog.Logger
}

type SweeperConfig struct {
	NewID        func() string
	Now          func() time.Time
	MinimumCents int64
	Currency     string
	Logger       *slog.Logger
}

func NewSweeper(ledger Ledger, tx Transactor, ins jobs.TxInserter, cfg SweeperConfig) *Sweeper {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Currency == "" {
		cfg.Currency = "usd"
	}
	return &Sweeper{
		ledger: ledger, tx: tx, jobs: ins, newID: cfg.NewID, now: cfg.Now,
		minimum: cfg.MinimumCents, currency: cfg.Currency, log: cfg.Logger,
	}
}

// WeekStart returns the Monday 00:00 UTC at or before t.
func WeekStart(t time.Time) time.Time {
	t = t.UTC()
	offset := (int(t.Weekday()) + 6) % 7
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return d.AddDate(0, 0, -offset)
}

// Run creates payouts for every sitter with a positive unsettled balance.
// Each sitter is handled in its own transaction so one bad account does not
// hold up everyone else's pay; failures are reported together at the end so
// the job is retried.
func (s *Sweeper) Run(ctx context.Context) (int, error) {
	periodEnd := WeekStart(s.now())
	periodStart := periodEnd.AddDate(0, 0, -7)

	balances, err := s.ledger.UnsettledBalances(ctx, periodEnd)
	if err != nil {
		return 0, fmt.Errorf("payout sweep: balances: %w", err)
	}

	var (
		created int
		errs    []error
	)
	for _, bal := range balances {
		if bal.AmountCents < s.minimum {
			continue
		}
		err := s.tx.Do(ctx, func(ctx context.Context) error {
			p, err := s.ledger.CreatePayout(ctx, store.CreatePayoutParams{
				ID:          s.newID(),
				SitterID:    bal.SitterID,
				PeriodStart: periodStart,
				PeriodEnd:   periodEnd,
				AmountCents: bal.AmountCents,
				Currency:    s.currency,
			})
			if err != nil {
				return err
			}
			return jobs.Enqueue(ctx, s.jobs, jobs.SitterPayoutArgs{PayoutID: p.ID}, nil)
		})
		if err != nil {
			s.log.ErrorContext(ctx, "payout sweep: sitter failed", "sitter_id", bal.SitterID, "err", err)
			errs = append(errs, fmt.Errorf("sitter %s: %w", bal.SitterID, err))
			continue
		}
		created++
	}
	return created, errors.Join(errs...)
}
