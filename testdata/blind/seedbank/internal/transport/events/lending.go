package events

import (
	"context"
	"log/slog"

	evt "github.com/furrowline/seedbank/internal/events"
	"github.com/furrowline/seedbank/internal/platform/messaging"
)

// Shipper books shipments for confirmed reservations.
type Shipper interface {
	ShipReservation(ctx context.Context, reservationID string) error
}

// Germination drives the lab workflow.
type Germination interface {
	SubmitLot(ctx context.Context, lotID string) error
	HandleCompleted(ctx context.Context, messageID string, e evt.GerminationCompleted) error
}

// Inventory turns donations into lots.
type Inventory interface {
	AddToInventory(ctx context.Context, donationID string) error
}

// LendingConsumers handle the lending and inventory topics.
type LendingConsumers struct {
	shipper     Shipper
	germination Germination
	inventory   Inventory
	log         *slog.Logger
}

// NewLendingConsumers builds LendingConsumers.
func NewLendingConsumers(s Shipper, g Germination, i Inventory, log *slog.Logger) *LendingConsumers {
	return &LendingConsumers{shipper: s, germination: g, inventory: i, log: log}
}

// Registrations implements messaging.Registrar.
func (c *LendingConsumers) Registrations() []messaging.Registration {
	return []messaging.Registration{
		{
			Name:  "shipping.book",
			Topic: messaging.TopicReservationConfirmed,
			Handler: jsonHandler(c.log, "shipping.book", func(ctx context.Context, _ string, p evt.ReservationConfirmed) error {
				return c.shipper.ShipReservation(ctx, p.ReservationID)
			}),
		},
		{
			Name:  "lab.submit",
			Topic: messaging.TopicSeedLotReceived,
			Handler: jsonHandler(c.log, "lab.submit", func(ctx context.Context, _ string, p evt.SeedLotReceived) error {
				return c.germination.SubmitLot(ctx, p.LotID)
			}),
		},
		{
			Name:    "lab.completed",
			Topic:   messaging.TopicGerminationCompleted,
			Handler: jsonHandler(c.log, "lab.completed", c.germination.HandleCompleted),
		},
		{
			Name:  "inventory.donation",
			Topic: messaging.TopicDonationRecorded,
			Handler: jsonHandler(c.log, "inventory.donation", func(ctx context.Context, _ string, p evt.DonationRecorded) error {
				return c.inventory.AddToInventory(ctx, p.DonationID)
			}),
		},
	}
}
