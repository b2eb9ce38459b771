package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/platform/logx"
)

// Completed is published by the OCPP gateway when a charge point reports
// StopTransaction.
type Completed struct {
	SessionID    string    `json:"session_id"`
	MeterStartWh int64     `json:"meter_start_wh"`
	MeterStopWh  int64     `json:"meter_stop_wh"`
	StartedAt    time.Time `json:"started_at"`
	StoppedAt    time.Time `json:"stopped_at"`
	Reason       string    `json:"reason"`
}

// FollowUps are the downstream notifications of a settled session. Each
// implementation must tolerate being called more than once per session.
type FollowUps interface {
	FleetUsage(ctx context.Context, s Session) error
	RoamingCDR(ctx context.Context, s Session) error
	Receipt(ctx context.Context, s Session) error
}

// Completer prices finished sessions and captures their holds.
type Completer struct {
	db        *sql.DB
	repo      *Repo
	tariffs   TariffReader
	payments  payments.Gateway
	followUps FollowUps
}

// NewCompleter wires the completer.
func NewCompleter(db *sql.DB, repo *Repo, tariffs TariffReader, pg payments.Gateway, f FollowUps) *Completer {
	return &Completer{db: db, repo: repo, tariffs: tariffs, payments: pg, followUps: f}
}

// Handle settles one completed session. Each step is guarded by the
// session's status so a redelivered message resumes where the last one
// stopped.
func (c *Completer) Handle(ctx context.Context, ev Completed) error {
	s, err := c.repo.Get(ctx, c.db, ev.SessionID)
	if err != nil {
		return err
	}
	log := logx.From(ctx).With("session_id", s.ID)

	switch s.Status {
	case StatusAuthorized, StatusActive, StatusStopping:
		tv, err := c.tariffs.Current(ctx, c.db, s.TariffID)
		if err != nil {
			return err
		}
		energy := ev.MeterStopWh - ev.MeterStartWh
		if energy < 0 {
			energy = 0
		}
		cost := tv.EnergyCost(energy)
		if _, err := c.repo.Complete(ctx, c.db, s.ID, energy, cost, ev.StartedAt, ev.StoppedAt); err != nil {
			return err
		}
		if s, err = c.repo.Get(ctx, c.db, s.ID); err != nil {
			return err
		}
	case StatusCompleted, StatusCaptured:
	default:
		log.Warn("completion for session in unexpected state", "status", s.Status)
		return nil
	}

	if s.Status == StatusCompleted {
		captured, err := c.settle(ctx, s)
		if err != nil {
			return err
		}
		if err := c.repo.MarkCaptured(ctx, c.db, s.ID, captured); err != nil {
			return fmt.Errorf("mark captured: %w", err)
		}
		s.Status = StatusCaptured
		s.CapturedCents = sql.NullInt64{Int64: captured, Valid: true}
	}

	switch {
	case s.FleetID.Valid:
		return c.followUps.FleetUsage(ctx, s)
	case s.Origin == OriginRoaming:
		return c.followUps.RoamingCDR(ctx, s)
	default:
		return c.followUps.Receipt(ctx, s)
	}
}

// settle captures the card hold for app sessions billed to a card. Fleet
// and roaming sessions are billed elsewhere.
func (c *Completer) settle(ctx context.Context, s Session) (int64, error) {
	if s.FleetID.Valid || s.Origin == OriginRoaming || !s.PaymentIntentID.Valid {
		return s.CostCents, nil
	}
	amount := s.CostCents
	if amount > s.HoldAmountCents {
		amount = s.HoldAmountCents
	}
	key := "capture:" + s.ID
	var intent payments.Intent
	err := retry.Do(func() error {
		var err error
		intent, err = c.payments.Capture(ctx, s.PaymentIntentID.String, amount, key)
		return err
	},
		retry.Context(ctx),
		retry.Attempts(3),
		retry.Delay(200*time.Millisecond),
		retry.RetryIf(func(err error) bool { return errors.Is(err, payments.ErrRetryable) }),
	)
	attempt := Attempt{
		ID:             ids.NewUUID(),
		SessionID:      s.ID,
		Kind:           "capture",
		AmountCents:    amount,
		IdempotencyKey: key,
		Outcome:        "succeeded",
	}
	if err != nil {
		attempt.Outcome, attempt.Detail = "failed", err.Error()
	}
	if logErr := c.repo.LogAttempt(ctx, c.db, attempt); logErr != nil {
		logx.From(ctx).Warn("payment attempt log failed", "err", logErr)
	}
	if err != nil {
		return 0, err
	}
	return intent.CapturedCents, nil
}
