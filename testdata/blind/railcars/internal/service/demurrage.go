package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/ids"
)

// DemurrageService accrues and disputes demurrage.
type DemurrageService struct {
	tx        *db.TxRunner
	moves     MovementStore
	demurrage DemurrageStore
	leases    LeaseStore
	events    EventStore
	log       *slog.Logger
}

// NewDemurrageService wires a DemurrageService.
func NewDemurrageService(tx *db.TxRunner, moves MovementStore, dem DemurrageStore, leases LeaseStore, events EventStore, log *slog.Logger) *DemurrageService {
	return &DemurrageService{tx: tx, moves: moves, demurrage: dem, leases: leases, events: events, log: log}
}

// AccrualResult summarises a nightly run.
type AccrualResult struct {
	Placements int
	Charges    int
	Cents      int64
}

// AccrueThrough charges every open placement one charge per full day past
// its free time, up to (not including) the day of asOf.
func (s *DemurrageService) AccrueThrough(ctx context.Context, asOf time.Time) (AccrualResult, error) {
	var res AccrualResult
	placements, err := s.moves.OpenPlacementsPastFreeTime(ctx, s.tx.Q(ctx), asOf)
	if err != nil {
		return res, err
	}
	cutoff := truncateDay(asOf)
	for _, p := range placements {
		res.Placements++
		n, cents, err := s.accruePlacement(ctx, p, cutoff)
		if err != nil {
			return res, fmt.Errorf("placement %s: %w", p.ID, err)
		}
		res.Charges += n
		res.Cents += cents
	}
	return res, nil
}

func (s *DemurrageService) accruePlacement(ctx context.Context, p domain.Placement, cutoff time.Time) (int, int64, error) {
	var n int
	var cents int64
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		lease, err := s.leases.Get(ctx, q, p.LeaseID)
		if err != nil {
			return err
		}
		freeUntil := p.PlacedAt.Add(time.Duration(p.FreeTimeHours) * time.Hour)
		for day := truncateDay(freeUntil); day.Before(cutoff); day = day.AddDate(0, 0, 1) {
			c := &domain.DemurrageCharge{
				ID:          ids.New(),
				PlacementID: p.ID,
				LeaseID:     lease.ID,
				CustomerID:  lease.CustomerID,
				ChargeDate:  day,
				AmountCents: lease.DemurrageRateCents,
			}
			added, err := s.demurrage.Accrue(ctx, q, c)
			if err != nil {
				return err
			}
			if !added {
				continue
			}
			n++
			cents += c.AmountCents
			if err := emit(ctx, s.tx, s.events, domain.EventDemurrageAssessed, c.ID, domain.DemurrageAssessed{
				ChargeID: c.ID, PlacementID: p.ID, CustomerID: c.CustomerID, CarMark: p.CarMark,
				ChargeDate: day, AmountCents: c.AmountCents,
			}); err != nil {
				return err
			}
		}
		return nil
	})
	return n, cents, err
}

// DisputeInput is a customer's dispute of a charge.
type DisputeInput struct {
	Reason   string `json:"reason"`
	OpenedBy string `json:"-"`
}

// Dispute opens (or returns the existing) dispute for a charge and holds the
// charge off invoices while it is open.
func (s *DemurrageService) Dispute(ctx context.Context, chargeID string, in DisputeInput) (*domain.DemurrageDispute, error) {
	if in.Reason == "" {
		return nil, invalid("reason is required")
	}
	return db.InTxResult(ctx, s.tx, func(ctx context.Context) (*domain.DemurrageDispute, error) {
		q := s.tx.Q(ctx)
		c, err := s.demurrage.GetCharge(ctx, q, chargeID)
		if err != nil {
			return nil, err
		}
		if c.Status == "INVOICED" {
			return nil, fmt.Errorf("%w: charge already invoiced; request a credit memo", ErrConflict)
		}
		d, err := s.demurrage.OpenDispute(ctx, q, &domain.DemurrageDispute{
			ID: ids.New(), ChargeID: c.ID, Reason: in.Reason, OpenedBy: in.OpenedBy,
		})
		if err != nil {
			return nil, err
		}
		if err := s.demurrage.SetChargeStatus(ctx, q, c.ID, "DISPUTED"); err != nil {
			return nil, err
		}
		return d, nil
	})
}

func truncateDay(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
