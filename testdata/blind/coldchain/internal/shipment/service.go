// Package shipment books refrigerated shipments for shippers and kicks off
// the downstream work (truck tender, customs pre-clearance).
package shipment

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// Repository is the storage the service needs.
type Repository interface {
	CreateShipment(ctx context.Context, arg db.CreateShipmentParams) (db.Shipment, error)
	GetShipment(ctx context.Context, id string) (db.Shipment, error)
	ShipperExists(ctx context.Context, shipperID string) (bool, error)
	AttachDevice(ctx context.Context, deviceID, shipmentID string) error
}

// Dispatcher queues the follow-up jobs of a new booking.
type Dispatcher interface {
	EnqueueCarrierBooking(ctx context.Context, shipmentID string) error
	EnqueueCustomsFiling(ctx context.Context, shipmentID string) error
}

var (
	ErrNotFound        = errors.New("shipment not found")
	ErrUnknownShipper  = errors.New("unknown shipper")
	ErrInvalidRequest  = errors.New("invalid shipment request")
	ErrPickupInThePast = errors.New("pickup must be in the future")
)

// BookInput is a shipper's booking request.
type BookInput struct {
	ShipperID        string
	ShipperReference string
	Origin           string
	Destination      string
	Commodity        string
	TempMinC         float64
	TempMaxC         float64
	PickupAt         time.Time
	CrossBorder      bool
	PriceCents       int64
	Currency         string
}

func (in BookInput) validate(now time.Time) error {
	switch {
	case in.ShipperID == "", in.Origin == "", in.Destination == "", in.Commodity == "":
		return fmt.Errorf("%w: shipper, origin, destination and commodity are required", ErrInvalidRequest)
	case in.TempMinC >= in.TempMaxC:
		return fmt.Errorf("%w: temp_min_c must be below temp_max_c", ErrInvalidRequest)
	case in.PriceCents <= 0:
		return fmt.Errorf("%w: price must be positive", ErrInvalidRequest)
	case !in.PickupAt.After(now):
		return ErrPickupInThePast
	}
	return nil
}

// Service implements shipment booking.
type Service struct {
	repo     Repository
	dispatch Dispatcher
	newID    platform.IDFunc
	now      func() time.Time
}

// Option customises a Service.
type Option func(*Service)

// WithIDFunc overrides ID generation.
func WithIDFunc(f platform.IDFunc) Option { return func(s *Service) { s.newID = f } }

// WithClock overrides the clock.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

func NewService(repo Repository, dispatch Dispatcher, opts ...Option) *Service {
	s := &Service{repo: repo, dispatch: dispatch, newID: platform.NewULID, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Book stores a new shipment and queues the truck tender and, for
// cross-border loads, the customs pre-clearance.
func (s *Service) Book(ctx context.Context, in BookInput) (db.Shipment, error) {
	if err := in.validate(s.now()); err != nil {
		return db.Shipment{}, err
	}
	ok, err := s.repo.ShipperExists(ctx, in.ShipperID)
	if err != nil {
		return db.Shipment{}, err
	}
	if !ok {
		return db.Shipment{}, ErrUnknownShipper
	}
	currency := strings.ToLower(in.Currency)
	if currency == "" {
		currency = "usd"
	}

	sh, err := s.repo.CreateShipment(ctx, db.CreateShipmentParams{
		ID:               s.newID(),
		ShipperID:        in.ShipperID,
		ShipperReference: in.ShipperReference,
		Origin:           in.Origin,
		Destination:      in.Destination,
		Commodity:        in.Commodity,
		TempMinC:         in.TempMinC,
		TempMaxC:         in.TempMaxC,
		PickupAt:         in.PickupAt.UTC(),
		CrossBorder:      in.CrossBorder,
		PriceCents:       in.PriceCents,
		Currency:         currency,
	})
	if err != nil {
		return db.Shipment{}, fmt.Errorf("create shipment: %w", err)
	}

	if err := s.dispatch.EnqueueCarrierBooking(ctx, sh.ID); err != nil {
		return db.Shipment{}, fmt.Errorf("queue carrier booking: %w", err)
	}
	if sh.CrossBorder {
		if err := s.dispatch.EnqueueCustomsFiling(ctx, sh.ID); err != nil {
			return db.Shipment{}, fmt.Errorf("queue customs filing: %w", err)
		}
	}
	return sh, nil
}

// Get returns one shipment.
func (s *Service) Get(ctx context.Context, id string) (db.Shipment, error) {
	sh, err := s.repo.GetShipment(ctx, id)
	if db.IsNotFound(err) {
		return db.Shipment{}, ErrNotFound
	}
	return sh, err
}

// AttachDevice binds a sensor to a shipment. Re-attaching moves the device.
func (s *Service) AttachDevice(ctx context.Context, shipmentID, deviceID string) error {
	if deviceID == "" {
		return fmt.Errorf("%w: device_id is required", ErrInvalidRequest)
	}
	if _, err := s.Get(ctx, shipmentID); err != nil {
		return err
	}
	return s.repo.AttachDevice(ctx, deviceID, shipmentID)
}
