// Package limits implements responsible-gambling controls: deposit, loss and
// stake limits with a cooling-off period for increases, and self-exclusion.
package limits

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/outbox"
)

// Limit types and periods.
const (
	TypeDeposit = "deposit"
	TypeLoss    = "loss"
	TypeStake   = "stake"

	PeriodDay   = "day"
	PeriodWeek  = "week"
	PeriodMonth = "month"
)

// CoolingOff is how long an increase waits before it applies. Decreases
// apply immediately.
const CoolingOff = 24 * time.Hour

var (
	// ErrLimitExceeded is returned when an operation would break a limit.
	ErrLimitExceeded = errors.New("limits: responsible gambling limit exceeded")
	// ErrSelfExcluded is returned for self-excluded players.
	ErrSelfExcluded = errors.New("limits: player is self-excluded")
	// ErrInvalid is returned for unknown limit types or periods.
	ErrInvalid = errors.New("limits: invalid limit")
)

// Limit is a row of rg_limits.
type Limit struct {
	PlayerID      string     `db:"player_id"`
	LimitType     string     `db:"limit_type"`
	Period        string     `db:"period"`
	Amount        int64      `db:"amount"`
	PendingAmount *int64     `db:"pending_amount"`
	PendingFrom   *time.Time `db:"pending_from"`
	UpdatedAt     time.Time  `db:"updated_at"`
}

// Service reads and changes limits.
type Service struct {
	db     *sqlx.DB
	tx     db.Transactor
	outbox *outbox.Writer
	now    func() time.Time
}

// NewService returns a limits Service.
func NewService(conn *sqlx.DB, tx db.Transactor, ob *outbox.Writer) *Service {
	return &Service{db: conn, tx: tx, outbox: ob, now: time.Now}
}

func valid(limitType, period string) bool {
	switch limitType {
	case TypeDeposit, TypeLoss, TypeStake:
	default:
		return false
	}
	switch period {
	case PeriodDay, PeriodWeek, PeriodMonth:
		return true
	}
	return false
}

const upsertLimitSQL = `
INSERT INTO rg_limits (player_id, limit_type, period, amount)
VALUES ($1, $2, $3, $4)
ON CONFLICT (player_id, limit_type, period) DO UPDATE
   SET amount = CASE WHEN EXCLUDED.amount <= rg_limits.amount THEN EXCLUDED.amount ELSE rg_limits.amount END,
       pending_amount = CASE WHEN EXCLUDED.amount <= rg_limits.amount THEN NULL ELSE EXCLUDED.amount END,
       pending_from = CASE
           WHEN EXCLUDED.amount <= rg_limits.amount THEN NULL
           WHEN rg_limits.pending_amount = EXCLUDED.amount THEN rg_limits.pending_from
           ELSE $5 END,
       updated_at = now()
RETURNING player_id, limit_type, period, amount, pending_amount, pending_from, updated_at`

// Set sets a limit. A lower limit applies at once; a higher one is parked as
// pending until the cooling-off period has passed.
func (s *Service) Set(ctx context.Context, playerID, limitType, period string, amount int64) (*Limit, error) {
	if !valid(limitType, period) || amount <= 0 {
		return nil, ErrInvalid
	}
	pendingFrom := s.now().Add(CoolingOff)
	return db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (*Limit, error) {
		var l Limit
		if err := tx.GetContext(ctx, &l, upsertLimitSQL, playerID, limitType, period, amount, pendingFrom); err != nil {
			return nil, fmt.Errorf("limits: set: %w", err)
		}
		evt := outbox.Event{
			ID:           outbox.EventID("rg.limit.set", playerID, limitType, period, fmt.Sprint(amount)),
			Topic:        outbox.TopicWallet,
			PartitionKey: playerID,
			Type:         "rg.limit.set",
			Payload:      l,
		}
		if err := s.outbox.Enqueue(ctx, tx, evt); err != nil {
			return nil, err
		}
		return &l, nil
	})
}

// ApplyPending promotes pending increases whose cooling-off has passed. It is
// run by the scheduler.
func (s *Service) ApplyPending(ctx context.Context) (int, error) {
	return db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (int, error) {
		var applied []Limit
		err := tx.SelectContext(ctx, &applied, `
UPDATE rg_limits
   SET amount = pending_amount,
       pending_amount = NULL,
       pending_from = NULL,
       updated_at = now()
 WHERE pending_amount IS NOT NULL
   AND pending_from <= $1
RETURNING player_id, limit_type, period, amount, pending_amount, pending_from, updated_at`, s.now())
		if err != nil {
			return 0, fmt.Errorf("limits: apply pending: %w", err)
		}
		for _, l := range applied {
			evt := outbox.Event{
				ID:           outbox.EventID("rg.limit.raised", l.PlayerID, l.LimitType, l.Period, fmt.Sprint(l.Amount)),
				Topic:        outbox.TopicWallet,
				PartitionKey: l.PlayerID,
				Type:         "rg.limit.raised",
				Payload:      l,
			}
			if err := s.outbox.Enqueue(ctx, tx, evt); err != nil {
				return 0, err
			}
		}
		return len(applied), nil
	})
}

// CheckPlayer fails for self-excluded players.
func (s *Service) CheckPlayer(ctx context.Context, q db.Queryer, playerID string) error {
	var until time.Time
	err := q.GetContext(ctx, &until, `SELECT until FROM self_exclusions WHERE player_id = $1`, playerID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("limits: self exclusion: %w", err)
	}
	if until.After(s.now()) {
		return ErrSelfExcluded
	}
	return nil
}

// CheckDeposit verifies that a deposit of amount fits every deposit limit.
func (s *Service) CheckDeposit(ctx context.Context, q db.Queryer, playerID string, amount int64) error {
	if err := s.CheckPlayer(ctx, q, playerID); err != nil {
		return err
	}
	return s.check(ctx, q, playerID, TypeDeposit, amount, `
SELECT COALESCE(SUM(amount), 0) FROM deposits
 WHERE player_id = $1 AND status IN ('pending', 'authorised', 'succeeded') AND created_at >= $2`)
}

// CheckStake verifies that a stake fits the stake and loss limits.
func (s *Service) CheckStake(ctx context.Context, q db.Queryer, playerID string, stake int64) error {
	if err := s.CheckPlayer(ctx, q, playerID); err != nil {
		return err
	}
	if err := s.check(ctx, q, playerID, TypeStake, stake, `
SELECT COALESCE(SUM(stake), 0) FROM bets
 WHERE player_id = $1 AND status <> 'cancelled' AND placed_at >= $2`); err != nil {
		return err
	}
	return s.check(ctx, q, playerID, TypeLoss, stake, `
SELECT COALESCE(SUM(stake - payout), 0) FROM bets
 WHERE player_id = $1 AND status IN ('open', 'won', 'lost', 'cashed_out') AND placed_at >= $2`)
}

func (s *Service) check(ctx context.Context, q db.Queryer, playerID, limitType string, amount int64, usageSQL string) error {
	var ls []Limit
	if err := q.SelectContext(ctx, &ls, `
SELECT player_id, limit_type, period, amount, pending_amount, pending_from, updated_at
  FROM rg_limits WHERE player_id = $1 AND limit_type = $2`, playerID, limitType); err != nil {
		return fmt.Errorf("limits: load: %w", err)
	}
	for _, l := range ls {
		var used int64
		if err := q.GetContext(ctx, &used, usageSQL, playerID, periodStart(s.now(), l.Period)); err != nil {
			return fmt.Errorf("limits: usage: %w", err)
		}
		if used+amount > l.Amount {
			return fmt.Errorf("%w: %s %s limit %d, used %d", ErrLimitExceeded, l.Period, l.LimitType, l.Amount, used)
		}
	}
	return nil
}

func periodStart(now time.Time, period string) time.Time {
	y, m, d := now.UTC().Date()
	day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	switch period {
	case PeriodWeek:
		wd := (int(day.Weekday()) + 6) % 7
		return day.AddDate(0, 0, -wd)
	case PeriodMonth:
		return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	default:
		return day
	}
}
