// Package power meters shore-power use at the pedestals and bills it per
// kWh to the boater's account.
package power

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/oklog/ulid/v2"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/events"
	"github.com/harbourline/marina/internal/storage"
)

type Service struct {
	store storage.Store
	log   *zap.Logger
}

func NewService(store storage.Store, log *zap.Logger) *Service {
	return &Service{store: store, log: log.Named("power")}
}

// Reading is one cumulative register value from a pedestal meter.
type Reading struct {
	MeterID  string
	ReadAt   time.Time
	KWhTotal float64
}

type IngestResult struct {
	Accepted  int `json:"accepted"`
	Duplicate int `json:"duplicate"`
}

// Ingest stores a batch of readings from the pedestal gateway, one row per
// meter and timestamp.
func (s *Service) Ingest(ctx context.Context, source string, readings []Reading) (*IngestResult, error) {
	res := &IngestResult{}
	err := s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		for _, r := range readings {
			if r.MeterID == "" || r.ReadAt.IsZero() || r.KWhTotal < 0 {
				return fmt.Errorf("invalid reading for meter %q", r.MeterID)
			}
			ok, err := tx.Power.InsertReading(ctx, &domain.MeterReading{
				ID:       ulid.Make().String(),
				MeterID:  r.MeterID,
				ReadAt:   r.ReadAt.UTC().Truncate(time.Second),
				KWhTotal: r.KWhTotal,
				Source:   source,
			})
			if err != nil {
				return err
			}
			if ok {
				res.Accepted++
			} else {
				res.Duplicate++
			}
		}
		return nil
	})
	return res, err
}

// Bill is the charge for a closed power session.
type Bill struct {
	SessionID   string    `json:"session_id"`
	KWh         float64   `json:"kwh"`
	AmountCents int64     `json:"amount_cents"`
	ClosedAt    time.Time `json:"closed_at"`
}

// CloseSession ends a pedestal session at the meter's latest reading and
// bills the units used.
func (s *Service) CloseSession(ctx context.Context, sessionID string) (*Bill, error) {
	repos := s.store.Repos()
	sess, err := repos.Power.GetSession(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	if sess.Status != "open" {
		if sess.EndKWh == nil || sess.ClosedAt == nil {
			return nil, fmt.Errorf("session is %s: %w", sess.Status, domain.ErrInvalidState)
		}
		kwh := *sess.EndKWh - sess.StartKWh
		return &Bill{SessionID: sess.ID, KWh: kwh, AmountCents: price(kwh, sess.RateCentsPerKWh), ClosedAt: *sess.ClosedAt}, nil
	}

	last, err := repos.Power.LatestReading(ctx, sess.MeterID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, fmt.Errorf("no readings for meter %s: %w", sess.MeterID, domain.ErrInvalidState)
	}
	if err != nil {
		return nil, err
	}
	kwh := math.Max(0, last.KWhTotal-sess.StartKWh)
	bill := &Bill{SessionID: sess.ID, KWh: kwh, AmountCents: price(kwh, sess.RateCentsPerKWh), ClosedAt: time.Now().UTC()}

	steps := []func(context.Context, *storage.Tx) error{
		func(ctx context.Context, tx *storage.Tx) error {
			if bill.AmountCents == 0 {
				return nil
			}
			return tx.Ledger.Post(ctx, &domain.LedgerEntry{
				BoaterID:    sess.BoaterID,
				SourceType:  "power_session",
				SourceID:    sess.ID,
				Description: fmt.Sprintf("Shore power %s: %.3f kWh @ %dp", sess.MeterID, kwh, sess.RateCentsPerKWh),
				AmountCents: bill.AmountCents,
			})
		},
		func(ctx context.Context, tx *storage.Tx) error {
			ok, err := tx.Power.MarkSessionBilled(ctx, sess.ID, last.KWhTotal)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("session %s already closed: %w", sess.ID, domain.ErrConflict)
			}
			return events.Record(ctx, tx, events.TopicPowerSessionBilled, events.PowerSessionBilled{
				SessionID:   sess.ID,
				BoaterID:    sess.BoaterID,
				MeterID:     sess.MeterID,
				KWh:         kwh,
				AmountCents: bill.AmountCents,
				ClosedAt:    bill.ClosedAt,
			})
		},
	}
	for _, step := range steps {
		if err := s.store.Do(ctx, step); err != nil {
			return nil, err
		}
	}
	return bill, nil
}

func price(kwh float64, rate int64) int64 {
	return int64(math.Round(kwh * float64(rate)))
}
