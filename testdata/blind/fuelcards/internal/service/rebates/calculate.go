// Package rebates computes fleets' monthly volume rebates and pays them,
// either by bank transfer or as a credit on the fleet's card statement.
package rebates

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/bankpay"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/cardnetwork"
)

// Repo is the persistence the rebate service needs.
type Repo interface {
	FleetByID(ctx context.Context, id uuid.UUID) (domain.Fleet, error)
	FleetGallons(ctx context.Context, fleetID uuid.UUID, from, to time.Time) (int64, error)
	InsertRebate(ctx context.Context, r domain.Rebate) (uuid.UUID, bool, error)
	AddRebateAccrued(ctx context.Context, fleetID uuid.UUID, delta int64) error
	RebateByID(ctx context.Context, id uuid.UUID) (domain.Rebate, error)
	AdvanceRebate(ctx context.Context, id uuid.UUID, from, to domain.RebateStatus) (bool, error)
	InsertPayoutAttempt(ctx context.Context, a domain.PayoutAttempt) error
	FinishPayoutAttempt(ctx context.Context, id uuid.UUID, outcome, errMsg string) error
	InsertRebatePayout(ctx context.Context, rebateID uuid.UUID, transferID string, amount int64) error
	InsertRebateCredit(ctx context.Context, rebateID uuid.UUID, creditID string, amount int64) error
}

// Bank creates ACH transfers.
type Bank interface {
	CreateTransfer(ctx context.Context, req bankpay.TransferRequest) (bankpay.Transfer, error)
}

// Network posts account credits.
type Network interface {
	PostAccountCredit(ctx context.Context, req cardnetwork.CreditRequest, opts ...cardnetwork.CallOption) (cardnetwork.Credit, error)
}

// Service calculates and pays rebates.
type Service struct {
	uow     pg.UnitOfWork[Repo]
	bank    Bank
	network Network
	jobs    jobargs.Enqueuer
	tz      *time.Location
	log     *slog.Logger
}

// New builds a Service.
func New(uow pg.UnitOfWork[Repo], bank Bank, network Network, jobs jobargs.Enqueuer, tz *time.Location, log *slog.Logger) *Service {
	return &Service{uow: uow, bank: bank, network: network, jobs: jobs, tz: tz, log: log}
}

// tiers maps monthly gallons to the rebate in tenths of a cent per gallon;
// the fleet's contracted rate in basis points is applied on top.
var tiers = []struct {
	minGallonsMilli  int64
	milliCentsPerGal int64
}{
	{50_000_000, 60},
	{20_000_000, 40},
	{5_000_000, 25},
	{0, 0},
}

// Amount computes the rebate for a month's gallons.
func Amount(gallonsMilli int64, rateBps int) int64 {
	var perGal int64
	for _, t := range tiers {
		if gallonsMilli >= t.minGallonsMilli {
			perGal = t.milliCentsPerGal
			break
		}
	}
	base := gallonsMilli * perGal / 10 / 1000
	return base * int64(10_000+rateBps) / 10_000
}

// Calculate computes a fleet's rebate for period ("2006-01"), records it
// and queues its payment.
func (s *Service) Calculate(ctx context.Context, fleetID uuid.UUID, period string) error {
	start, err := time.ParseInLocation("2006-01", period, s.tz)
	if err != nil {
		return fmt.Errorf("period %q: %w", period, err)
	}
	end := start.AddDate(0, 1, 0)

	q := s.uow.Q()
	fleet, err := q.FleetByID(ctx, fleetID)
	if err != nil {
		return err
	}
	gallons, err := q.FleetGallons(ctx, fleet.ID, start, end)
	if err != nil {
		return err
	}
	amount := Amount(gallons, fleet.RebateRateBps)
	if amount == 0 {
		s.log.InfoContext(ctx, "no rebate earned", "fleet_id", fleet.ID, "period", period)
		return nil
	}

	var created bool
	err = s.uow.InTx(ctx, func(q Repo, tx pgx.Tx) error {
		id, ok, err := q.InsertRebate(ctx, domain.Rebate{
			ID:           uuid.New(),
			FleetID:      fleet.ID,
			Period:       period,
			GallonsMilli: gallons,
			AmountCents:  amount,
			Method:       fleet.RebateMethod,
		})
		if err != nil || !ok {
			return err
		}
		created = true
		var args river.JobArgs = jobargs.RebatePayout{RebateID: id}
		if fleet.RebateMethod == domain.RebateStatementCredit {
			args = jobargs.RebateCredit{RebateID: id}
		}
		_, err = s.jobs.InsertTx(ctx, tx, args, nil)
		return err
	})
	if err != nil || !created {
		return err
	}

	return q.AddRebateAccrued(ctx, fleet.ID, amount)
}
