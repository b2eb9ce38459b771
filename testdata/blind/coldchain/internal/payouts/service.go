// Package payouts pays drivers: the weekly settlement of their earnings
// through Paylane and on-the-road fuel advances on FuelRail cards.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
	"github.com/frostline/coldchain/internal/providers/fuelrail"
	"github.com/frostline/coldchain/internal/providers/paylane"
)

// Repository is the storage the payouts service needs.
type Repository interface {
	GetDriver(ctx context.Context, id string) (db.Driver, error)
	CreatePayoutRun(ctx context.Context, id string, start, end time.Time) (bool, error)
	DriversWithBalance(ctx context.Context, before time.Time) ([]string, error)
	DriverBalance(ctx context.Context, driverID string, before time.Time) (int64, error)
	EnsurePayout(ctx context.Context, p db.DriverPayout) (db.DriverPayout, error)
	MarkPayoutPaid(ctx context.Context, id, providerRef string, at time.Time) error
	InsertLedgerEntry(ctx context.Context, e db.DriverLedgerEntry) error
	RecordFuelAdvance(ctx context.Context, a db.FuelAdvance) error
}

// Transfers is the bank payout provider.
type Transfers interface {
	CreateTransfer(ctx context.Context, t paylane.Transfer, idempotencyKey string) (paylane.TransferResult, error)
}

// FuelCards is the fuel-card provider.
type FuelCards interface {
	LoadCard(ctx context.Context, cardID string, amountCents int64, memo string) (fuelrail.Load, error)
}

// PayoutQueue fans a run out to one job per driver.
type PayoutQueue interface {
	EnqueueDriverPayouts(ctx context.Context, periodStart time.Time, driverIDs []string) error
}

var (
	ErrUnknownDriver   = errors.New("unknown driver")
	ErrNoFuelCard      = errors.New("driver has no fuel card")
	ErrInvalidAdvance  = errors.New("invalid fuel advance")
	maxFuelAdvanceCent = int64(150_000)
	payoutPeriod       = 7 * 24 * time.Hour
)

type Service struct {
	repo      Repository
	transfers Transfers
	fuel      FuelCards
	queue     PayoutQueue
	newID     platform.IDFunc
	now       func() time.Time
	log       *slog.Logger
}

func NewService(repo Repository, transfers Transfers, fuel FuelCards, queue PayoutQueue, log *slog.Logger) *Service {
	return &Service{
		repo:      repo,
		transfers: transfers,
		fuel:      fuel,
		queue:     queue,
		newID:     platform.NewULID,
		now:       time.Now,
		log:       log,
	}
}

// PeriodStart returns the Monday 00:00 UTC that starts the payout week
// containing t.
func PeriodStart(t time.Time) time.Time {
	t = t.UTC().Truncate(24 * time.Hour)
	offset := (int(t.Weekday()) + 6) % 7
	return t.AddDate(0, 0, -offset)
}

// StartRun opens the payout run for the week starting periodStart and
// queues one payout job per driver with a positive balance. Running it
// again for the same week re-queues only jobs that are not already queued.
func (s *Service) StartRun(ctx context.Context, periodStart time.Time) (int, error) {
	end := periodStart.Add(payoutPeriod)
	created, err := s.repo.CreatePayoutRun(ctx, s.newID(), periodStart, end)
	if err != nil {
		return 0, fmt.Errorf("create payout run: %w", err)
	}
	if !created {
		s.log.Info("payout run already exists; resuming", "period_start", periodStart.Format(time.DateOnly))
	}
	drivers, err := s.repo.DriversWithBalance(ctx, end)
	if err != nil {
		return 0, err
	}
	if len(drivers) == 0 {
		return 0, nil
	}
	if err := s.queue.EnqueueDriverPayouts(ctx, periodStart, drivers); err != nil {
		return 0, fmt.Errorf("queue payouts: %w", err)
	}
	return len(drivers), nil
}

// PayDriver settles one driver's balance for the week.
func (s *Service) PayDriver(ctx context.Context, driverID string, periodStart time.Time) error {
	d, err := s.repo.GetDriver(ctx, driverID)
	if err != nil {
		return fmt.Errorf("load driver: %w", err)
	}
	end := periodStart.Add(payoutPeriod)
	balance, err := s.repo.DriverBalance(ctx, d.ID, end)
	if err != nil {
		return err
	}
	if balance <= 0 {
		return nil
	}

	// One payout row per driver and week; a re-run gets the existing row.
	p, err := s.repo.EnsurePayout(ctx, db.DriverPayout{
		ID:          s.newID(),
		DriverID:    d.ID,
		PeriodStart: periodStart,
		AmountCents: balance,
		Currency:    "usd",
	})
	if err != nil {
		return fmt.Errorf("ensure payout: %w", err)
	}
	if p.Status == "paid" {
		return nil
	}

	tr, err := s.transfers.CreateTransfer(ctx, paylane.Transfer{
		RecipientAccount: d.PaylaneAccount,
		AmountCents:      p.AmountCents,
		Currency:         p.Currency,
		Description:      "Frostline settlement week of " + periodStart.Format("2 Jan 2006"),
		Metadata:         map[string]string{"payout_id": p.ID, "driver_id": d.ID},
	}, "driver-payout-"+p.ID)
	if err != nil {
		return fmt.Errorf("paylane transfer: %w", err)
	}

	if err := s.repo.MarkPayoutPaid(ctx, p.ID, tr.ID, s.now()); err != nil {
		return fmt.Errorf("mark payout paid: %w", err)
	}
	if err := s.repo.InsertLedgerEntry(ctx, db.DriverLedgerEntry{
		ID:          s.newID(),
		DriverID:    d.ID,
		PayoutID:    &p.ID,
		Kind:        "payout",
		AmountCents: -p.AmountCents,
	}); err != nil {
		return fmt.Errorf("debit driver ledger: %w", err)
	}
	s.log.Info("driver paid", "driver_id", d.ID, "payout_id", p.ID, "amount_cents", p.AmountCents)
	return nil
}

// FuelAdvanceInput is a dispatcher's request to top up a driver's card.
type FuelAdvanceInput struct {
	DriverID    string
	ShipmentID  string
	AmountCents int64
	Note        string
}

// IssueFuelAdvance loads the driver's fuel card and books the advance
// against their next settlement.
func (s *Service) IssueFuelAdvance(ctx context.Context, in FuelAdvanceInput) (db.FuelAdvance, error) {
	if in.AmountCents <= 0 || in.AmountCents > maxFuelAdvanceCent {
		return db.FuelAdvance{}, fmt.Errorf("%w: amount must be between 1 and %d cents", ErrInvalidAdvance, maxFuelAdvanceCent)
	}
	d, err := s.repo.GetDriver(ctx, in.DriverID)
	if db.IsNotFound(err) {
		return db.FuelAdvance{}, ErrUnknownDriver
	}
	if err != nil {
		return db.FuelAdvance{}, err
	}
	if d.FuelCardID == nil {
		return db.FuelAdvance{}, ErrNoFuelCard
	}

	memo := "Fuel advance"
	if in.ShipmentID != "" {
		memo += " for shipment " + in.ShipmentID
	}
	load, err := s.fuel.LoadCard(ctx, *d.FuelCardID, in.AmountCents, memo)
	if err != nil {
		return db.FuelAdvance{}, fmt.Errorf("load fuel card: %w", err)
	}

	adv := db.FuelAdvance{
		ID:          s.newID(),
		DriverID:    d.ID,
		AmountCents: in.AmountCents,
		ProviderRef: load.TransactionID,
	}
	if in.ShipmentID != "" {
		adv.ShipmentID = &in.ShipmentID
	}
	if err := s.repo.RecordFuelAdvance(ctx, adv); err != nil {
		return db.FuelAdvance{}, fmt.Errorf("record fuel advance: %w", err)
	}
	return adv, nil
}
