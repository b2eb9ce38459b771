package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/platform/reqctx"
	"github.com/drivewise/carsub/internal/platform/retry"
	"github.com/drivewise/carsub/internal/providers/logistics"
)

// Logistics books car movements with FleetMove.
type Logistics struct {
	tx         Transactor
	subs       SubscriptionRepository
	customers  CustomerRepository
	catalog    Catalog
	deliveries DeliveryRepository
	partner    LogisticsPartner
	clock      Clock
	log        *slog.Logger
}

func NewLogistics(
	tx Transactor,
	subs SubscriptionRepository,
	customers CustomerRepository,
	catalog Catalog,
	deliveries DeliveryRepository,
	partner LogisticsPartner,
	clock Clock,
	log *slog.Logger,
) *Logistics {
	return &Logistics{
		tx: tx, subs: subs, customers: customers, catalog: catalog,
		deliveries: deliveries, partner: partner, clock: clock,
		log: log.With("component", "logistics"),
	}
}

type ScheduleDeliveryInput struct {
	SubscriptionID uuid.UUID
	VehicleID      uuid.UUID
	Window         domain.TimeWindow
	Notes          string
}

// ScheduleDelivery assigns the car to the subscription and books the
// hand-over. Requests are keyed by the caller's idempotency key.
func (l *Logistics) ScheduleDelivery(ctx context.Context, in ScheduleDeliveryInput) (*domain.Delivery, error) {
	key := reqctx.IdempotencyKey(ctx)
	if key == "" {
		return nil, domain.ErrIdempotencyKeyRequired
	}
	if !in.Window.Valid(l.clock()) {
		return nil, fmt.Errorf("delivery window: %w", domain.ErrInvalidArgument)
	}
	sub, err := l.subs.Get(ctx, in.SubscriptionID)
	if err != nil {
		return nil, err
	}
	if sub.Status != domain.SubscriptionPending && sub.Status != domain.SubscriptionActive {
		return nil, fmt.Errorf("subscription is %s: %w", sub.Status, domain.ErrInvalidState)
	}
	vehicle, err := l.catalog.Vehicle(ctx, in.VehicleID)
	if err != nil {
		return nil, err
	}

	delivery := &domain.Delivery{
		ID:             uuid.New(),
		SubscriptionID: sub.ID,
		Kind:           domain.DeliveryInitial,
		VehicleID:      &vehicle.ID,
		Address:        sub.DeliveryAddress,
		WindowStart:    in.Window.Start,
		WindowEnd:      in.Window.End,
		Status:         domain.DeliveryRequested,
		RequestKey:     &key,
	}
	err = l.tx.InTx(ctx, func(ctx context.Context) error {
		if err := l.subs.AssignVehicle(ctx, sub.ID, vehicle.ID); err != nil {
			return err
		}
		stored, err := l.deliveries.InsertIfAbsent(ctx, delivery)
		if err != nil {
			return err
		}
		delivery = stored
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("record delivery: %w", err)
	}
	if delivery.Status == domain.DeliveryBooked {
		return delivery, nil
	}

	cust, err := l.customers.Get(ctx, sub.CustomerID)
	if err != nil {
		return nil, err
	}
	booking, err := retry.DoValue(ctx, retry.ProviderCalls, l.log, "fleetmove.book", func() (*logistics.Booking, error) {
		return l.partner.Book(ctx, logistics.BookingRequest{
			ExternalRef: delivery.ID.String(),
			Type:        logistics.JobDelivery,
			VIN:         vehicle.VIN,
			Address:     delivery.Address,
			WindowStart: delivery.WindowStart,
			WindowEnd:   delivery.WindowEnd,
			ContactName: cust.FullName,
			ContactTel:  cust.Phone,
			Notes:       in.Notes,
		})
	})
	if err != nil {
		return nil, fmt.Errorf("book delivery %s: %w", delivery.ID, err)
	}
	if err := l.deliveries.MarkBooked(ctx, delivery.ID, booking.Reference, booking.ETA); err != nil {
		return nil, err
	}
	delivery.Status = domain.DeliveryBooked
	delivery.PartnerBookingRef = &booking.Reference
	delivery.PartnerETA = booking.ETA
	return delivery, nil
}

type SwapInput struct {
	SubscriptionID uuid.UUID
	NewVehicleID   uuid.UUID
	Window         domain.TimeWindow
	Reason         string
}

// RequestSwap books a driver to bring a different car and take the
// current one back in the same visit.
func (l *Logistics) RequestSwap(ctx context.Context, in SwapInput) (*domain.Delivery, error) {
	if !in.Window.Valid(l.clock()) {
		return nil, fmt.Errorf("swap window: %w", domain.ErrInvalidArgument)
	}
	sub, err := l.subs.Get(ctx, in.SubscriptionID)
	if err != nil {
		return nil, err
	}
	if sub.Status != domain.SubscriptionActive || sub.VehicleID == nil {
		return nil, fmt.Errorf("swap needs an active subscription with a car: %w", domain.ErrInvalidState)
	}
	if *sub.VehicleID == in.NewVehicleID {
		return nil, fmt.Errorf("new vehicle is the current one: %w", domain.ErrInvalidArgument)
	}
	current, err := l.catalog.Vehicle(ctx, *sub.VehicleID)
	if err != nil {
		return nil, err
	}
	replacement, err := l.catalog.Vehicle(ctx, in.NewVehicleID)
	if err != nil {
		return nil, err
	}
	if replacement.Status != "available" {
		return nil, fmt.Errorf("vehicle %s is %s: %w", replacement.VIN, replacement.Status, domain.ErrConflict)
	}
	cust, err := l.customers.Get(ctx, sub.CustomerID)
	if err != nil {
		return nil, err
	}

	swap := &domain.Delivery{
		ID:              uuid.New(),
		SubscriptionID:  sub.ID,
		Kind:            domain.DeliverySwap,
		VehicleID:       &replacement.ID,
		ReturnVehicleID: &current.ID,
		Address:         sub.DeliveryAddress,
		WindowStart:     in.Window.Start,
		WindowEnd:       in.Window.End,
		Status:          domain.DeliveryRequested,
	}
	if err := l.deliveries.Create(ctx, swap); err != nil {
		return nil, fmt.Errorf("record swap: %w", err)
	}

	booking, err := l.partner.Book(ctx, logistics.BookingRequest{
		Type:        logistics.JobSwap,
		VIN:         replacement.VIN,
		ReturnVIN:   current.VIN,
		Address:     swap.Address,
		WindowStart: swap.WindowStart,
		WindowEnd:   swap.WindowEnd,
		ContactName: cust.FullName,
		ContactTel:  cust.Phone,
		Notes:       in.Reason,
	})
	if err != nil {
		return nil, fmt.Errorf("book swap %s: %w", swap.ID, err)
	}
	if err := l.deliveries.MarkBooked(ctx, swap.ID, booking.Reference, booking.ETA); err != nil {
		return nil, err
	}
	swap.Status = domain.DeliveryBooked
	swap.PartnerBookingRef = &booking.Reference
	swap.PartnerETA = booking.ETA
	return swap, nil
}
