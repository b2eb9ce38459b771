// Package fulfilment books shipping labels and courier pickups with the
// shipping partner and records the partner's tracking notifications.
package fulfilment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/platform/txn"
	"github.com/acme/escrow/internal/provider/shipping"
)

// Shipment statuses.
const (
	StatusLabelCreated = "label_created"
	StatusDelivered    = "delivered"
	StatusException    = "exception"
)

// Errors.
var (
	ErrNotFound     = errors.New("not found")
	ErrInvalidState = errors.New("escrow is not ready to ship")
	ErrValidation   = errors.New("invalid request")
)

// Carrier is the shipping partner.
type Carrier interface {
	BookLabel(ctx context.Context, req shipping.LabelRequest) (shipping.Label, error)
	SchedulePickup(ctx context.Context, req shipping.PickupRequest) (shipping.Pickup, error)
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload any, msgID string) error
}

// Service implements fulfilment.
type Service struct {
	q             db.Querier
	uow           txn.UnitOfWork
	carrier       Carrier
	pub           Publisher
	log           *slog.Logger
	newShipmentID func() uuid.UUID
}

// NewService wires a Service.
func NewService(q db.Querier, uow txn.UnitOfWork, carrier Carrier, pub Publisher, log *slog.Logger) *Service {
	return &Service{
		q:             q,
		uow:           uow,
		carrier:       carrier,
		pub:           pub,
		log:           log.With("service", "fulfilment"),
		newShipmentID: uuid.New,
	}
}

// LabelInput is the seller's request for a shipping label.
type LabelInput struct {
	EscrowID string
	From     shipping.Address
	To       shipping.Address
	Parcel   shipping.Parcel
	Service  string
}

// BookLabel books a shipping label for a captured escrow's order.
func (s *Service) BookLabel(ctx context.Context, in LabelInput) (db.Shipment, error) {
	e, err := s.q.GetEscrow(ctx, in.EscrowID)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Shipment{}, ErrNotFound
	} else if err != nil {
		return db.Shipment{}, err
	}
	if e.Status != "captured" {
		return db.Shipment{}, ErrInvalidState
	}
	if in.Parcel.WeightGrams <= 0 {
		return db.Shipment{}, fmt.Errorf("%w: parcel weight is required", ErrValidation)
	}

	id := s.newShipmentID()
	req := shipping.NewLabelRequest(e.OrderID).
		From(in.From).
		To(in.To).
		Parcel(in.Parcel).
		Service(in.Service).
		Build()
	label, err := s.carrier.BookLabel(ctx, req)
	if err != nil {
		return db.Shipment{}, err
	}
	sh, err := s.q.InsertShipment(ctx, db.InsertShipmentParams{
		ID:             id,
		EscrowID:       e.ID,
		OrderID:        e.OrderID,
		Carrier:        label.Carrier,
		TrackingNumber: label.TrackingNumber,
		LabelUrl:       label.LabelURL,
	})
	if err != nil {
		return db.Shipment{}, fmt.Errorf("store shipment: %w", err)
	}
	s.log.InfoContext(ctx, "label booked", "shipment_id", sh.ID, "tracking", sh.TrackingNumber)
	return sh, nil
}

// PickupInput asks for a courier collection of a shipment.
type PickupInput struct {
	ShipmentID  uuid.UUID
	Address     shipping.Address
	WindowStart time.Time
	WindowEnd   time.Time
}

// SchedulePickup books a courier to collect a labelled shipment.
func (s *Service) SchedulePickup(ctx context.Context, in PickupInput) (shipping.Pickup, error) {
	if !in.WindowEnd.After(in.WindowStart) {
		return shipping.Pickup{}, fmt.Errorf("%w: pickup window is empty", ErrValidation)
	}
	sh, err := s.q.GetShipment(ctx, in.ShipmentID)
	if errors.Is(err, pgx.ErrNoRows) {
		return shipping.Pickup{}, ErrNotFound
	} else if err != nil {
		return shipping.Pickup{}, err
	}

	p, err := s.carrier.SchedulePickup(ctx, shipping.PickupRequest{
		TrackingNumbers: []string{sh.TrackingNumber},
		Address:         in.Address,
		WindowStart:     in.WindowStart,
		WindowEnd:       in.WindowEnd,
	})
	if err != nil {
		return shipping.Pickup{}, err
	}
	if err := s.q.InsertPickup(ctx, db.InsertPickupParams{
		ShipmentID:       sh.ID,
		ConfirmationCode: p.ConfirmationCode,
		WindowStart:      p.WindowStart,
		WindowEnd:        p.WindowEnd,
	}); err != nil {
		return shipping.Pickup{}, fmt.Errorf("store pickup: %w", err)
	}
	return p, nil
}
