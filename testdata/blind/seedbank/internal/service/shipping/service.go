// Package shipping books courier shipments for confirmed reservations and
// follows their tracking.
package shipping

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/idgen"
	"github.com/furrowline/seedbank/internal/providers/courier"
)

// ProviderName is the receipts namespace for courier webhooks.
const ProviderName = "parcelwren"

type (
	Reservations interface {
		Get(ctx context.Context, id string) (*domain.Reservation, error)
		UpdateWhere(ctx context.Context, set map[string]any, query string, args ...any) (int64, error)
	}
	Shipments interface {
		CreateOrSkip(ctx context.Context, s *domain.Shipment, conflictCols ...string) (bool, error)
		FindOne(ctx context.Context, query string, args ...any) (*domain.Shipment, error)
		UpdateWhere(ctx context.Context, set map[string]any, query string, args ...any) (int64, error)
	}
	Loans interface {
		CreateOrSkip(ctx context.Context, l *domain.Loan, conflictCols ...string) (bool, error)
		FindOne(ctx context.Context, query string, args ...any) (*domain.Loan, error)
		UpdateWhere(ctx context.Context, set map[string]any, query string, args ...any) (int64, error)
	}
	// Members reads members and keeps their borrowing tally.
	Members interface {
		Get(ctx context.Context, id string) (*domain.Member, error)
		AddBorrowed(ctx context.Context, memberID string, packets int) error
	}
	// Receipts remembers applied courier events.
	Receipts interface {
		Seen(ctx context.Context, provider, eventID string) (bool, error)
		Record(ctx context.Context, provider, eventID string) error
	}
	Courier interface {
		CreateShipment(ctx context.Context, req courier.ShipmentRequest) (*courier.Shipment, error)
	}
)

// Options tunes the service.
type Options struct {
	LoanPeriod     time.Duration
	Service        string
	GramsPerPacket int
}

type Service struct {
	tx           database.TxRunner
	reservations Reservations
	shipments    Shipments
	loans        Loans
	members      Members
	receipts     Receipts
	courier      Courier
	opts         Options
}

func NewService(tx database.TxRunner, reservations Reservations, shipments Shipments, loans Loans,
	members Members, receipts Receipts, c Courier, opts Options) *Service {
	if opts.Service == "" {
		opts.Service = "letter-tracked"
	}
	if opts.GramsPerPacket == 0 {
		opts.GramsPerPacket = 15
	}
	return &Service{tx: tx, reservations: reservations, shipments: shipments, loans: loans,
		members: members, receipts: receipts, courier: c, opts: opts}
}

// ShipReservation books the courier for a confirmed reservation. The
// shipment and loan rows are claimed first, keyed by reservation, and the
// courier booking carries a reference derived from the reservation.
func (s *Service) ShipReservation(ctx context.Context, reservationID string) error {
	var (
		res      *domain.Reservation
		shipment *domain.Shipment
	)
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		res, err = s.reservations.Get(ctx, reservationID)
		if err != nil {
			return err
		}
		if res.Status != domain.ReservationConfirmed && res.Status != domain.ReservationShipped {
			return nil
		}
		if _, err := s.shipments.CreateOrSkip(ctx, &domain.Shipment{
			ID:            idgen.New("shp"),
			ReservationID: res.ID,
			Status:        domain.ShipmentRequested,
		}, "reservation_id"); err != nil {
			return err
		}
		if _, err := s.loans.CreateOrSkip(ctx, &domain.Loan{
			ID:            idgen.New("loan"),
			ReservationID: res.ID,
			MemberID:      res.MemberID,
			PacketID:      res.PacketID,
			Quantity:      res.Quantity,
			Status:        domain.LoanPending,
		}, "reservation_id"); err != nil {
			return err
		}
		shipment, err = s.shipments.FindOne(ctx, "reservation_id = ?", res.ID)
		return err
	})
	if err != nil {
		return err
	}
	if shipment == nil || shipment.CourierShipmentID != "" {
		return nil
	}

	member, err := s.members.Get(ctx, res.MemberID)
	if err != nil {
		return err
	}
	booked, err := s.courier.CreateShipment(ctx, courier.ShipmentRequest{
		ClientReference: idgen.Derived("rsv", res.ID),
		Service:         s.opts.Service,
		To: courier.Address{
			Name: member.Name, Line1: member.AddressLine1, Line2: member.AddressLine2,
			City: member.City, Postcode: member.Postcode, Country: member.Country,
		},
		Parcels: []courier.Parcel{{
			WeightGrams: res.Quantity * s.opts.GramsPerPacket,
			Contents:    fmt.Sprintf("%d seed packets", res.Quantity),
		}},
	})
	if err != nil {
		return fmt.Errorf("book courier: %w", err)
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.shipments.UpdateWhere(ctx, map[string]any{
			"courier_shipment_id": booked.ID,
			"tracking_number":     booked.TrackingNumber,
			"label_url":           booked.LabelURL,
			"status":              domain.ShipmentBooked,
			"updated_at":          time.Now().UTC(),
		}, "id = ? AND courier_shipment_id = ''", shipment.ID); err != nil {
			return err
		}
		_, err := s.reservations.UpdateWhere(ctx,
			map[string]any{"status": domain.ReservationShipped, "updated_at": time.Now().UTC()},
			"id = ? AND status = ?", res.ID, domain.ReservationConfirmed)
		return err
	})
}

// HandleTracking applies one courier tracking event.
func (s *Service) HandleTracking(ctx context.Context, evt *courier.TrackingEvent) error {
	status, ok := trackingStatus[evt.Status]
	if !ok {
		return nil
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		seen, err := s.receipts.Seen(ctx, ProviderName, evt.EventID)
		if err != nil {
			return err
		}
		if seen {
			return nil
		}
		shipment, err := s.shipments.FindOne(ctx, "courier_shipment_id = ?", evt.ShipmentID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil // a label we did not book through this service
		}
		if err != nil {
			return err
		}
		if _, err := s.shipments.UpdateWhere(ctx,
			map[string]any{"status": status, "updated_at": evt.OccurredAt},
			"id = ?", shipment.ID); err != nil {
			return err
		}
		if status == domain.ShipmentDelivered {
			loan, err := s.loans.FindOne(ctx, "reservation_id = ?", shipment.ReservationID)
			if err != nil {
				return err
			}
			due := evt.OccurredAt.Add(s.opts.LoanPeriod)
			if _, err := s.loans.UpdateWhere(ctx,
				map[string]any{"status": domain.LoanOut, "due_at": due, "updated_at": evt.OccurredAt},
				"id = ?", loan.ID); err != nil {
				return err
			}
			if err := s.members.AddBorrowed(ctx, loan.MemberID, loan.Quantity); err != nil {
				return err
			}
		}
		return s.receipts.Record(ctx, ProviderName, evt.EventID)
	})
}

var trackingStatus = map[string]string{
	"picked_up":        domain.ShipmentInTransit,
	"in_transit":       domain.ShipmentInTransit,
	"out_for_delivery": domain.ShipmentInTransit,
	"delivered":        domain.ShipmentDelivered,
}
