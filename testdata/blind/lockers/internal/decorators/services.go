// Package decorators wraps service interfaces with metrics and logging so
// that transports and consumers see the same interface either way.
package decorators

import (
	"context"
	"log/slog"

	"github.com/quayside/lockers/internal/courier"
	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/fleet"
	"github.com/quayside/lockers/internal/partner"
	"github.com/quayside/lockers/internal/platform/observe"
	"github.com/quayside/lockers/internal/recipient"
)

type base struct {
	m   *observe.Metrics
	log *slog.Logger
}

// ---- courier ----

type courierService struct {
	base
	next courier.Service
}

func Courier(next courier.Service, m *observe.Metrics, log *slog.Logger) courier.Service {
	return &courierService{base: base{m, log}, next: next}
}

func (d *courierService) Reserve(ctx context.Context, in courier.ReserveInput) (courier.Reservation, error) {
	return observe.Instrument(ctx, d.m, d.log, "courier", "reserve", func(ctx context.Context) (courier.Reservation, error) {
		return d.next.Reserve(ctx, in)
	})
}

func (d *courierService) Deposit(ctx context.Context, in courier.DepositInput) (courier.Deposit, error) {
	return observe.Instrument(ctx, d.m, d.log, "courier", "deposit", func(ctx context.Context) (courier.Deposit, error) {
		return d.next.Deposit(ctx, in)
	})
}

func (d *courierService) CancelReservation(ctx context.Context, reservationID, courierID, reason string) (domain.ReservationStatus, error) {
	return observe.Instrument(ctx, d.m, d.log, "courier", "cancel_reservation", func(ctx context.Context) (domain.ReservationStatus, error) {
		return d.next.CancelReservation(ctx, reservationID, courierID, reason)
	})
}

// ---- recipient ----

type recipientService struct {
	base
	next recipient.Service
}

func Recipient(next recipient.Service, m *observe.Metrics, log *slog.Logger) recipient.Service {
	return &recipientService{base: base{m, log}, next: next}
}

func (d *recipientService) OpenCompartment(ctx context.Context, parcelID, code string) (recipient.OpenResult, error) {
	return observe.Instrument(ctx, d.m, d.log, "recipient", "open_compartment", func(ctx context.Context) (recipient.OpenResult, error) {
		return d.next.OpenCompartment(ctx, parcelID, code)
	})
}

func (d *recipientService) ResendPickupCode(ctx context.Context, parcelID, phone, requestID string) (bool, error) {
	return observe.Instrument(ctx, d.m, d.log, "recipient", "resend_code", func(ctx context.Context) (bool, error) {
		return d.next.ResendPickupCode(ctx, parcelID, phone, requestID)
	})
}

func (d *recipientService) ExtendPickup(ctx context.Context, in recipient.ExtendInput) (recipient.Extension, error) {
	return observe.Instrument(ctx, d.m, d.log, "recipient", "extend_pickup", func(ctx context.Context) (recipient.Extension, error) {
		return d.next.ExtendPickup(ctx, in)
	})
}

// ---- partner ----

type partnerService struct {
	base
	next partner.Service
}

func Partner(next partner.Service, m *observe.Metrics, log *slog.Logger) partner.Service {
	return &partnerService{base: base{m, log}, next: next}
}

type shipmentResult struct {
	s       domain.Shipment
	created bool
}

func (d *partnerService) CreateShipment(ctx context.Context, in partner.CreateShipmentInput) (domain.Shipment, bool, error) {
	r, err := observe.Instrument(ctx, d.m, d.log, "partner", "create_shipment", func(ctx context.Context) (shipmentResult, error) {
		s, created, err := d.next.CreateShipment(ctx, in)
		return shipmentResult{s, created}, err
	})
	return r.s, r.created, err
}

func (d *partnerService) CancelShipment(ctx context.Context, partnerID, shipmentID string) (domain.Shipment, error) {
	return observe.Instrument(ctx, d.m, d.log, "partner", "cancel_shipment", func(ctx context.Context) (domain.Shipment, error) {
		return d.next.CancelShipment(ctx, partnerID, shipmentID)
	})
}

func (d *partnerService) RequestReturn(ctx context.Context, in partner.ReturnInput) (partner.ReturnResult, error) {
	return observe.Instrument(ctx, d.m, d.log, "partner", "request_return", func(ctx context.Context) (partner.ReturnResult, error) {
		return d.next.RequestReturn(ctx, in)
	})
}

// ---- fleet ----

type fleetEvents struct {
	base
	next fleet.EventService
}

func FleetEvents(next fleet.EventService, m *observe.Metrics, log *slog.Logger) fleet.EventService {
	return &fleetEvents{base: base{m, log}, next: next}
}

func (d *fleetEvents) ParcelDeposited(ctx context.Context, ev fleet.DoorEvent) error {
	return observe.InstrumentErr(ctx, d.m, d.log, "fleet", "parcel_deposited", func(ctx context.Context) error {
		return d.next.ParcelDeposited(ctx, ev)
	})
}

func (d *fleetEvents) ParcelCollected(ctx context.Context, ev fleet.DoorEvent) error {
	return observe.InstrumentErr(ctx, d.m, d.log, "fleet", "parcel_collected", func(ctx context.Context) error {
		return d.next.ParcelCollected(ctx, ev)
	})
}

func (d *fleetEvents) DoorForced(ctx context.Context, ev fleet.DoorEvent) error {
	return observe.InstrumentErr(ctx, d.m, d.log, "fleet", "door_forced", func(ctx context.Context) error {
		return d.next.DoorForced(ctx, ev)
	})
}

func (d *fleetEvents) DoorLeftOpen(ctx context.Context, ev fleet.DoorEvent) error {
	return observe.InstrumentErr(ctx, d.m, d.log, "fleet", "door_left_open", func(ctx context.Context) error {
		return d.next.DoorLeftOpen(ctx, ev)
	})
}

func (d *fleetEvents) DoorClosed(ctx context.Context, ev fleet.DoorEvent) error {
	return observe.InstrumentErr(ctx, d.m, d.log, "fleet", "door_closed", func(ctx context.Context) error {
		return d.next.DoorClosed(ctx, ev)
	})
}

func (d *fleetEvents) CompartmentFault(ctx context.Context, f fleet.Fault) error {
	return observe.InstrumentErr(ctx, d.m, d.log, "fleet", "compartment_fault", func(ctx context.Context) error {
		return d.next.CompartmentFault(ctx, f)
	})
}

func (d *fleetEvents) Heartbeat(ctx context.Context, hb fleet.Heartbeat) error {
	return observe.InstrumentErr(ctx, d.m, d.log, "fleet", "heartbeat", func(ctx context.Context) error {
		return d.next.Heartbeat(ctx, hb)
	})
}
