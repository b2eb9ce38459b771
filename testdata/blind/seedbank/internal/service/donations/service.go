// Package donations logs seed given by growers and turns it into inventory.
package donations

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/events"
	"github.com/furrowline/seedbank/internal/platform/cqrs"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/messaging"
)

type (
	Donations interface {
		Create(ctx context.Context, d *domain.Donation) error
		Get(ctx context.Context, id string) (*domain.Donation, error)
	}
	Lots interface {
		InsertFromDonation(ctx context.Context, d *domain.Donation) (*domain.SeedLot, error)
	}
)

// Service implements donation intake.
type Service struct {
	tx        database.TxRunner
	donations Donations
	lots      Lots
	outbox    messaging.Enqueuer
	clock     func() time.Time
}

func NewService(tx database.TxRunner, donations Donations, lots Lots, outbox messaging.Enqueuer) *Service {
	return &Service{tx: tx, donations: donations, lots: lots, outbox: outbox,
		clock: func() time.Time { return time.Now().UTC() }}
}

// RecordDonation logs a parcel of seed received from a grower.
type RecordDonation struct {
	DonationID, GrowerName, GrowerEmail string
	Species, VarietyName, Notes         string
	Grams, HarvestYear                  int
	ReceivedAt                          time.Time
}

func (c RecordDonation) validate() error {
	var missing []string
	if c.DonationID == "" {
		missing = append(missing, "id")
	}
	if strings.TrimSpace(c.GrowerEmail) == "" {
		missing = append(missing, "grower_email")
	}
	if strings.TrimSpace(c.Species) == "" {
		missing = append(missing, "species")
	}
	if c.Grams <= 0 {
		missing = append(missing, "grams")
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: %s", domain.ErrValidation, strings.Join(missing, ", "))
	}
	return nil
}

// Record stores the donation and announces it.
func (s *Service) Record(ctx context.Context, cmd RecordDonation) error {
	if err := cmd.validate(); err != nil {
		return err
	}
	received := cmd.ReceivedAt
	if received.IsZero() {
		received = s.clock()
	}
	d := &domain.Donation{
		ID:          cmd.DonationID,
		GrowerName:  cmd.GrowerName,
		GrowerEmail: strings.ToLower(strings.TrimSpace(cmd.GrowerEmail)),
		Species:     cmd.Species,
		VarietyName: cmd.VarietyName,
		Grams:       cmd.Grams,
		HarvestYear: cmd.HarvestYear,
		Notes:       cmd.Notes,
		ReceivedAt:  received,
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.donations.Create(ctx, d); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, messaging.TopicDonationRecorded, events.DonationRecorded{DonationID: d.ID})
	})
}

// AddToInventory turns a recorded donation into a seed lot awaiting its
// germination test.
func (s *Service) AddToInventory(ctx context.Context, donationID string) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		d, err := s.donations.Get(ctx, donationID)
		if err != nil {
			return err
		}
		lot, err := s.lots.InsertFromDonation(ctx, d)
		if err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, messaging.TopicSeedLotReceived, events.SeedLotReceived{LotID: lot.ID, Source: lot.Source})
	})
}

func (s *Service) Get(ctx context.Context, id string) (*domain.Donation, error) {
	return s.donations.Get(ctx, id)
}

func RecordHandler(s *Service) cqrs.CommandHandler[RecordDonation] {
	return cqrs.HandlerFunc[RecordDonation](s.Record)
}
