// Package delivery books couriers for shipments and tracks them.
package delivery

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/platform/retryx"
	"github.com/cedarleaf/pharmacy/internal/provider/courier"
	"github.com/cedarleaf/pharmacy/internal/provider/twilio"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

var (
	ErrNotFound     = errors.New("delivery: shipment not found")
	ErrInvalidState = errors.New("delivery: shipment is not in a state that allows this")
)

// Courier is the booking part of the courier client.
type Courier interface {
	Book(ctx context.Context, in courier.BookingRequest) (*courier.Booking, error)
}

// PharmacyAddress is where the courier collects from.
type PharmacyAddress = courier.Address

// Service implements shipment booking and tracking.
type Service struct {
	store   store.Store
	jobs    tasks.Inserter
	courier Courier
	sms     twilio.Sender
	origin  PharmacyAddress
	now     func() time.Time
}

// NewService builds a Service.
func NewService(st store.Store, jobs tasks.Inserter, c Courier, sms twilio.Sender, origin PharmacyAddress) *Service {
	return &Service{store: st, jobs: jobs, courier: c, sms: sms, origin: origin, now: time.Now}
}

type bookingOption func(*courier.BookingRequest)

func withReference(ref string) bookingOption {
	return func(r *courier.BookingRequest) { r.ClientReference = ref }
}

func withNotes(n string) bookingOption {
	return func(r *courier.BookingRequest) { r.Notes = n }
}

func (s *Service) bookingRequest(sh db.Shipment, p db.Patient, opts ...bookingOption) courier.BookingRequest {
	req := courier.BookingRequest{
		ClientReference: sh.ID.String(),
		Pickup:          s.origin,
		Dropoff: courier.Address{
			Line1:      sh.ShipToLine1,
			City:       sh.ShipToCity,
			PostalCode: sh.ShipToPostal,
			Country:    "US",
		},
		RecipientPhone:  p.PhoneE164,
		RecipientName:   p.FirstName + " " + p.LastName,
		ColdChain:       sh.ColdChain,
		SignatureNeeded: true,
		ReadyAt:         s.now().Add(30 * time.Minute),
	}
	for _, o := range opts {
		o(&req)
	}
	return req
}

func (s *Service) loadShipment(ctx context.Context, id uuid.UUID) (db.Shipment, db.Order, db.Patient, error) {
	sh, err := s.store.GetShipment(ctx, id)
	if store.IsNotFound(err) {
		return sh, db.Order{}, db.Patient{}, ErrNotFound
	}
	if err != nil {
		return sh, db.Order{}, db.Patient{}, err
	}
	o, err := s.store.GetOrder(ctx, sh.OrderID)
	if err != nil {
		return sh, o, db.Patient{}, err
	}
	p, err := s.store.GetPatient(ctx, o.PatientID)
	return sh, o, p, err
}

// Dispatch books the courier for a new shipment. The shipment ID is the
// courier's client_reference, which the partner de-duplicates on, so a job
// retry after a lost response gets the original booking back.
func (s *Service) Dispatch(ctx context.Context, shipmentID uuid.UUID) error {
	sh, _, p, err := s.loadShipment(ctx, shipmentID)
	if err != nil {
		return err
	}
	if sh.CourierBookingID.Valid {
		return nil
	}
	req := s.bookingRequest(sh, p)
	booking, err := retryx.Do(ctx, retryx.Default, func(ctx context.Context) (*courier.Booking, error) {
		return s.courier.Book(ctx, req)
	})
	if err != nil {
		return fmt.Errorf("book courier: %w", err)
	}
	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		if err := q.SetShipmentBooking(ctx, db.SetShipmentBookingParams{
			ID:               sh.ID,
			CourierBookingID: store.Text(booking.ID),
			TrackingUrl:      store.Text(booking.TrackingURL),
		}); err != nil {
			return err
		}
		return q.InsertShipmentBooking(ctx, db.InsertShipmentBookingParams{
			ShipmentID:       sh.ID,
			ClientReference:  req.ClientReference,
			CourierBookingID: booking.ID,
			Kind:             "initial",
		})
	})
}

// RedispatchResult is returned to the operations console.
type RedispatchResult struct {
	ShipmentID  uuid.UUID `json:"shipment_id"`
	BookingID   string    `json:"booking_id"`
	TrackingURL string    `json:"tracking_url"`
}

// Redispatch books a fresh courier run for a shipment whose delivery failed
// or came back to the pharmacy.
func (s *Service) Redispatch(ctx context.Context, shipmentID uuid.UUID, staffID, notes string) (RedispatchResult, error) {
	sh, _, p, err := s.loadShipment(ctx, shipmentID)
	if err != nil {
		return RedispatchResult{}, err
	}
	switch sh.Status {
	case "failed_attempt", "exception", "returned":
	default:
		return RedispatchResult{}, ErrInvalidState
	}

	ref := fmt.Sprintf("%s-r%d", sh.ID, s.now().Unix())
	req := s.bookingRequest(sh, p, withReference(ref), withNotes(notes))
	booking, err := s.courier.Book(ctx, req)
	if err != nil {
		return RedispatchResult{}, fmt.Errorf("book courier: %w", err)
	}

	err = s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		if err := q.SetShipmentBooking(ctx, db.SetShipmentBookingParams{
			ID:               sh.ID,
			CourierBookingID: store.Text(booking.ID),
			TrackingUrl:      store.Text(booking.TrackingURL),
		}); err != nil {
			return err
		}
		return q.InsertShipmentBooking(ctx, db.InsertShipmentBookingParams{
			ShipmentID:       sh.ID,
			ClientReference:  ref,
			CourierBookingID: booking.ID,
			Kind:             "redispatch:" + staffID,
		})
	})
	if err != nil {
		return RedispatchResult{}, err
	}
	return RedispatchResult{ShipmentID: sh.ID, BookingID: booking.ID, TrackingURL: booking.TrackingURL}, nil
}
