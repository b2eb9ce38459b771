// Package tolling assembles trips from gantry reads, prices them and
// charges them to accounts.
package tolling

import (
	"context"
	"time"

	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/storage/repo"
)

// Service is the tolling API used by consumers and the admin API.
type Service interface {
	IngestRead(ctx context.Context, r Read) error
	ChargeTrip(ctx context.Context, tripID string) error
	VoidTrip(ctx context.Context, tripID, actor, reason string) (*domain.Trip, error)
	UpsertTariff(ctx context.Context, t *domain.Tariff) error
}

// Read is a transponder read as published by the roadside system.
type Read struct {
	GantryID     string    `json:"gantry_id"`
	Seq          int64     `json:"seq"`
	Serial       string    `json:"tag_serial"`
	PlazaID      string    `json:"plaza_id"`
	Direction    string    `json:"direction"`
	IsExit       bool      `json:"is_exit"`
	VehicleClass int       `json:"vehicle_class"`
	ReadAt       time.Time `json:"read_at"`
}

// TripClosed is written to TopicTripsClosed.
type TripClosed struct {
	TripID      string    `json:"trip_id"`
	AccountID   string    `json:"account_id"`
	AmountCents int64     `json:"amount_cents"`
	ClosedAt    time.Time `json:"closed_at"`
}

// TripCharged is written to TopicTripsCharged.
type TripCharged struct {
	TripID      string    `json:"trip_id"`
	AccountID   string    `json:"account_id"`
	AmountCents int64     `json:"amount_cents"`
	EntryPlaza  string    `json:"entry_plaza"`
	ExitPlaza   string    `json:"exit_plaza"`
	Method      string    `json:"method"`
	ChargedAt   time.Time `json:"charged_at"`
}

// Impl implements Service.
type Impl struct {
	db           *gorm.DB
	trips        repo.TripRepository
	tariffs      repo.TariffRepository
	transponders repo.TransponderRepository
	accounts     repo.AccountRepository
	charges      repo.ChargeRepository
	ledger       repo.LedgerRepository
	pricer       *Pricer
	stream       events.StreamWriter
	queue        events.QueueSender
	cfg          *config.Config
	log          *zap.Logger
}

// New wires the tolling service.
func New(
	db *gorm.DB,
	trips repo.TripRepository,
	tariffs repo.TariffRepository,
	transponders repo.TransponderRepository,
	accounts repo.AccountRepository,
	charges repo.ChargeRepository,
	ledger repo.LedgerRepository,
	pricer *Pricer,
	stream events.StreamWriter,
	queue events.QueueSender,
	cfg *config.Config,
	log *zap.Logger,
) *Impl {
	return &Impl{
		db: db, trips: trips, tariffs: tariffs, transponders: transponders, accounts: accounts,
		charges: charges, ledger: ledger, pricer: pricer, stream: stream, queue: queue,
		cfg: cfg, log: log.Named("tolling"),
	}
}

// UpsertTariff creates or replaces a tariff row on its natural key.
func (s *Impl) UpsertTariff(ctx context.Context, t *domain.Tariff) error {
	if t.AmountCents < 0 || t.EntryPlaza == "" || t.ExitPlaza == "" || t.VehicleClass <= 0 {
		return domain.ErrInvalid
	}
	t.EffectiveFrom = t.EffectiveFrom.UTC().Truncate(time.Minute)
	return s.tariffs.Upsert(ctx, t)
}
