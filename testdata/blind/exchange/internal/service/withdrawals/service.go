// Package withdrawals owns the withdrawal lifecycle from request to
// settlement.
package withdrawals

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/halyard/funding/internal/queue"
	"github.com/halyard/funding/internal/service/fees"
	"github.com/halyard/funding/internal/store"
)

var (
	// ErrInvalidState means the withdrawal cannot make the requested move.
	ErrInvalidState = errors.New("withdrawal: invalid state")
	// ErrLimitExceeded means the daily withdrawal limit would be exceeded.
	ErrLimitExceeded = errors.New("withdrawal: daily limit exceeded")
	// ErrIdempotencyKeyRequired means the caller did not send a key.
	ErrIdempotencyKeyRequired = errors.New("withdrawal: Idempotency-Key header is required")
	// ErrForbidden means the actor may not act on this withdrawal.
	ErrForbidden = errors.New("withdrawal: forbidden")
)

// SMSSender delivers customer text messages.
type SMSSender interface {
	Send(ctx context.Context, to, body string) error
}

// Config holds policy knobs.
type Config struct {
	ApprovalThreshold int64
	ApprovalQuorum    int
	DefaultDailyLimit int64
}

// Service implements withdrawal use cases.
type Service struct {
	store    store.Store
	jobs     queue.Enqueuer
	sms      SMSSender
	schedule fees.Schedule
	cfg      Config
	log      *slog.Logger
	now      func() time.Time
}

// New wires a Service.
func New(st store.Store, jobs queue.Enqueuer, sms SMSSender, schedule fees.Schedule, cfg Config, log *slog.Logger) *Service {
	if cfg.ApprovalQuorum == 0 {
		cfg.ApprovalQuorum = 2
	}
	if cfg.DefaultDailyLimit == 0 {
		cfg.DefaultDailyLimit = 50_000_00
	}
	return &Service{store: st, jobs: jobs, sms: sms, schedule: schedule, cfg: cfg, log: log, now: time.Now}
}

// Get returns a withdrawal visible to userID.
func (s *Service) Get(ctx context.Context, userID, id string) (*store.Withdrawal, error) {
	w, err := s.store.Repos().Withdrawals.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if w.UserID != userID {
		return nil, store.ErrNotFound
	}
	return w, nil
}

// place reserves funds for w and persists it. When w carries an
// idempotency key and a withdrawal with the same key exists, nothing is
// changed and false is returned.
func (s *Service) place(ctx context.Context, r *store.Repos, w *store.Withdrawal) (bool, error) {
	acct, err := r.Ledger.EnsureAccount(ctx, w.UserID, w.Asset)
	if err != nil {
		return false, err
	}
	w.AccountID = acct.ID
	if w.IdempotencyKey != nil {
		inserted, err := r.Withdrawals.InsertIdempotent(ctx, w)
		if err != nil || !inserted {
			return false, err
		}
	} else if err := r.Withdrawals.Insert(ctx, w); err != nil {
		return false, err
	}
	if err := s.checkDailyLimit(ctx, r, w); err != nil {
		return false, err
	}
	if err := r.Ledger.Apply(ctx, store.Hold(acct.ID, w.Asset, w.Total(), "withdrawal", w.ID)); err != nil {
		return false, err
	}
	return true, nil
}

func (s *Service) checkDailyLimit(ctx context.Context, r *store.Repos, w *store.Withdrawal) error {
	limit := s.cfg.DefaultDailyLimit
	if l, err := r.Limits.Get(ctx, w.UserID, w.Asset); err == nil {
		limit = l.DailyLimit
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	since := s.now().UTC().Truncate(24 * time.Hour)
	spent, err := r.Withdrawals.SumSince(ctx, w.UserID, w.Asset, since)
	if err != nil {
		return err
	}
	if spent > limit {
		return ErrLimitExceeded
	}
	return nil
}

// closeOut moves a not-yet-executed withdrawal to a terminal status and
// returns the reserved funds, inside the caller's transaction.
func closeOut(ctx context.Context, r *store.Repos, w *store.Withdrawal, to, refType string) error {
	ok, err := r.Withdrawals.Transition(ctx, w.ID, []string{store.WithdrawalPendingRisk, store.WithdrawalPendingApproval}, to)
	if err != nil {
		return err
	}
	if !ok {
		return ErrInvalidState
	}
	w.Status = to
	return r.Ledger.Apply(ctx, store.Release(w.AccountID, w.Asset, w.Total(), refType, w.ID))
}
