// Package contract manages maintenance contracts with building owners.
package contract

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/liftwell-systems/liftcare/internal/domain"
	"github.com/liftwell-systems/liftcare/internal/platform/keys"
	"github.com/liftwell-systems/liftcare/internal/service/billing"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Service is the contract use-case boundary.
type Service interface {
	Activate(ctx context.Context, id uuid.UUID) error
	Renew(ctx context.Context, id uuid.UUID, newEnd time.Time) error
}

// Repository is the persistence the service needs.
type Repository interface {
	Contract(ctx context.Context, id uuid.UUID) (store.Contract, error)
	Activate(ctx context.Context, id uuid.UUID) (bool, error)
	Extend(ctx context.Context, id uuid.UUID, endsOn time.Time) (bool, error)
	AddCharge(ctx context.Context, p store.InsertContractChargeParams) error
	Lifts(ctx context.Context, contractID uuid.UUID) ([]store.Lift, error)
	ScheduleInspection(ctx context.Context, liftID, contractID uuid.UUID, dueOn time.Time) error
}

// ChargePoster posts extra charges to the billing ledger.
type ChargePoster interface {
	Post(ctx context.Context, c billing.Charge) error
}

// Fees are the one-off contract fees, by tier.
type Fees struct {
	SetupCents   map[string]int64
	RenewalCents map[string]int64
}

type service struct {
	repo   Repository
	ledger ChargePoster
	tx     domain.TxRunner
	fees   Fees
	now    func() time.Time
}

// New builds the service.
func New(repo Repository, ledger ChargePoster, tx domain.TxRunner, fees Fees) Service {
	return &service{repo: repo, ledger: ledger, tx: tx, fees: fees, now: time.Now}
}

func (s *service) period() string {
	n := s.now()
	return keys.Period(n.Year(), int(n.Month()))
}

// Activate turns a signed draft contract live: setup fee, and the first
// statutory inspection of each lift six months in.
func (s *service) Activate(ctx context.Context, id uuid.UUID) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		c, err := s.repo.Contract(ctx, id)
		if err != nil {
			return notFound(err)
		}
		ok, err := s.repo.Activate(ctx, id)
		if err != nil {
			return err
		}
		if !ok {
			if c.Status == "active" {
				return nil
			}
			return fmt.Errorf("%w: contract is %s", domain.ErrConflict, c.Status)
		}
		if fee := s.fees.SetupCents[c.Tier]; fee > 0 {
			err := s.repo.AddCharge(ctx, store.InsertContractChargeParams{
				ContractID: id, Kind: "setup_fee", AmountCents: fee, Period: s.period(),
			})
			if err != nil {
				return err
			}
		}
		return s.scheduleFirstInspections(ctx, c, c.StartsOn.AddDate(0, 6, 0))
	})
}

// Renew extends the contract to newEnd and charges the renewal fee.
// Repeating a renewal to the same end date changes nothing.
func (s *service) Renew(ctx context.Context, id uuid.UUID, newEnd time.Time) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		c, err := s.repo.Contract(ctx, id)
		if err != nil {
			return notFound(err)
		}
		if newEnd.Equal(c.EndsOn) {
			return nil
		}
		if !newEnd.After(c.EndsOn) {
			return fmt.Errorf("%w: new end date must be after %s", domain.ErrInvalid, c.EndsOn.Format(time.DateOnly))
		}
		extended, err := s.repo.Extend(ctx, id, newEnd)
		if err != nil {
			return err
		}
		if !extended {
			return fmt.Errorf("%w: contract is %s", domain.ErrConflict, c.Status)
		}
		if fee := s.fees.RenewalCents[c.Tier]; fee > 0 {
			err := s.ledger.Post(ctx, billing.Charge{
				ContractID: id, Kind: "renewal_fee", AmountCents: fee, Period: s.period(),
			})
			if err != nil {
				return fmt.Errorf("post renewal fee: %w", err)
			}
		}
		return s.scheduleFirstInspections(ctx, c, c.EndsOn.AddDate(0, 6, 0))
	})
}

func (s *service) scheduleFirstInspections(ctx context.Context, c store.Contract, due time.Time) error {
	lifts, err := s.repo.Lifts(ctx, c.ID)
	if err != nil {
		return err
	}
	for _, l := range lifts {
		if err := s.repo.ScheduleInspection(ctx, l.ID, c.ID, due); err != nil {
			return fmt.Errorf("schedule inspection for %s: %w", l.SerialNo, err)
		}
	}
	return nil
}

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: contract", domain.ErrNotFound)
	}
	return err
}
