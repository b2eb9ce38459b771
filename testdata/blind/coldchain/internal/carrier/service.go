// Package carrier tenders shipments to trucking partners through HaulNet
// and keeps our booking records in step.
package carrier

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
	"github.com/frostline/coldchain/internal/providers/haulnet"
)

// Repository is the storage the carrier service needs.
type Repository interface {
	GetShipment(ctx context.Context, id string) (db.Shipment, error)
	EnsureBooking(ctx context.Context, id, shipmentID string) (db.CarrierBooking, error)
	ConfirmBooking(ctx context.Context, bookingID, shipmentID, carrierRef, truckPlate string) error
	RejectBooking(ctx context.Context, bookingID string) error
}

// Partner is the trucking partner API.
type Partner interface {
	CreateBooking(ctx context.Context, req haulnet.BookingRequest, idempotencyKey string) (haulnet.Booking, error)
}

// ErrRejected is returned when the partner declines the tender.
var ErrRejected = errors.New("carrier rejected tender")

type Service struct {
	repo    Repository
	partner Partner
	log     *slog.Logger
}

func NewService(repo Repository, partner Partner, log *slog.Logger) *Service {
	return &Service{repo: repo, partner: partner, log: log}
}

// BookTruck tenders the shipment to HaulNet and records the confirmed
// truck. It is a no-op for shipments that already have a confirmed truck.
func (s *Service) BookTruck(ctx context.Context, shipmentID string) error {
	sh, err := s.repo.GetShipment(ctx, shipmentID)
	if err != nil {
		return fmt.Errorf("load shipment: %w", err)
	}
	if sh.Status == "cancelled" {
		return nil
	}
	booking, err := s.repo.EnsureBooking(ctx, platform.NewULID(), sh.ID)
	if err != nil {
		return fmt.Errorf("ensure booking row: %w", err)
	}
	if booking.Status == "confirmed" {
		return nil
	}

	// The key lets the HTTP layer retry the POST safely on timeouts.
	resp, err := s.partner.CreateBooking(ctx, haulnet.BookingRequest{
		ShipmentRef: sh.ID,
		Origin:      sh.Origin,
		Destination: sh.Destination,
		Commodity:   sh.Commodity,
		PickupAt:    sh.PickupAt,
		TempMinC:    sh.TempMinC,
		TempMaxC:    sh.TempMaxC,
	}, uuid.NewString())
	if err != nil {
		return fmt.Errorf("haulnet create booking: %w", err)
	}
	if resp.Status == "rejected" {
		if err := s.repo.RejectBooking(ctx, booking.ID); err != nil {
			return err
		}
		return ErrRejected
	}
	s.log.Info("truck booked", "shipment_id", sh.ID, "carrier_ref", resp.ID, "plate", resp.TruckPlate)
	return s.repo.ConfirmBooking(ctx, booking.ID, sh.ID, resp.ID, resp.TruckPlate)
}
