// Package ticketing turns confirmed bookings into partner-issued tickets.
package ticketing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/mailer"
	partner "github.com/meridianrail/bookings/internal/providers/ticketing"
)

// ErrUnknownBooking is returned for callbacks about bookings we do not have.
var ErrUnknownBooking = errors.New("unknown booking")

// Partner is the partner ticketing API.
type Partner interface {
	IssueTicket(ctx context.Context, req *partner.IssueRequest) (*partner.IssueResponse, error)
	ReissueTicket(ctx context.Context, req *partner.ReissueRequest) (*partner.IssueResponse, error)
}

// TicketRepository persists tickets.
type TicketRepository interface {
	Insert(ctx context.Context, t *domain.Ticket) error
	InsertIfAbsent(ctx context.Context, t *domain.Ticket) (bool, error)
	Get(ctx context.Context, number string) (*domain.Ticket, error)
	ActiveForBooking(ctx context.Context, bookingID string) (*domain.Ticket, error)
	MarkReissued(ctx context.Context, number string) error
}

// SeatLister lists a booking's seats.
type SeatLister interface {
	SeatsForBooking(ctx context.Context, bookingID string) ([]string, error)
}

// Mailer sends e-mail.
type Mailer interface {
	Send(ctx context.Context, m mailer.Message) (string, error)
}

// Service issues and reissues tickets.
type Service struct {
	tx          database.TxManager
	bookings    database.Store[domain.Booking]
	tickets     TicketRepository
	seats       SeatLister
	partner     Partner
	mailer      Mailer
	callbackURL string
	log         *slog.Logger
}

// Config carries the Service's collaborators.
type Config struct {
	Tx          database.TxManager
	Bookings    database.Store[domain.Booking]
	Tickets     TicketRepository
	Seats       SeatLister
	Partner     Partner
	Mailer      Mailer
	CallbackURL string
	Log         *slog.Logger
}

// New builds a Service.
func New(c Config) *Service {
	return &Service{
		tx: c.Tx, bookings: c.Bookings, tickets: c.Tickets, seats: c.Seats,
		partner: c.Partner, mailer: c.Mailer, callbackURL: c.CallbackURL, log: c.Log,
	}
}

// Issue requests a ticket for a confirmed booking.
func (s *Service) Issue(ctx context.Context, bookingID string) error {
	if t, err := s.tickets.ActiveForBooking(ctx, bookingID); err == nil {
		s.log.DebugContext(ctx, "booking already ticketed", "booking_id", bookingID, "ticket", t.TicketNumber)
		return nil
	} else if !errors.Is(err, database.ErrNotFound) {
		return err
	}

	b, err := s.bookings.FirstWhere(ctx, "id = ?", bookingID)
	if err != nil {
		return fmt.Errorf("load booking %s: %w", bookingID, err)
	}
	if b.Status == domain.StatusCancelled {
		return nil
	}
	seats, err := s.seats.SeatsForBooking(ctx, b.ID)
	if err != nil {
		return err
	}

	req := partner.NewIssueRequest(b.TripID, b.ID).
		WithPassenger(b.CustomerID, b.ContactEmail).
		WithSeats(seats...).
		WithFareClass(b.FareClass).
		WithCallback(s.callbackURL).
		WithClientReference(ulid.Make().String())

	res, err := s.partner.IssueTicket(ctx, req)
	if err != nil {
		return fmt.Errorf("issue ticket for %s: %w", b.ID, err)
	}
	if res.Status != domain.TicketIssued {
		// Deferred: the partner will call us back with the ticket.
		s.log.InfoContext(ctx, "ticket issuance pending", "booking_id", b.ID, "partner_ref", res.PartnerRef)
		return nil
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.tickets.InsertIfAbsent(ctx, &domain.Ticket{
			TicketNumber: res.TicketNumber,
			BookingID:    b.ID,
			PartnerRef:   res.PartnerRef,
			PDFURL:       res.PDFURL,
			Status:       domain.TicketIssued,
			IssuedAt:     res.IssuedAt,
		}); err != nil {
			return err
		}
		_, err := s.bookings.UpdateWhere(ctx,
			map[string]any{"status": domain.StatusTicketed, "updated_at": time.Now().UTC()},
			"id = ? AND status = ?", b.ID, domain.StatusConfirmed)
		return err
	})
}

// OnIssued handles the partner's callback for a deferred issuance.
func (s *Service) OnIssued(ctx context.Context, cb partner.Callback) error {
	b, err := s.bookings.FirstWhere(ctx, "id = ?", cb.BookingRef)
	if errors.Is(err, database.ErrNotFound) {
		return ErrUnknownBooking
	}
	if err != nil {
		return err
	}

	// Tell the passenger as soon as the document exists.
	if _, err := s.mailer.Send(ctx, mailer.Message{
		To:       b.ContactEmail,
		Template: "ticket-issued",
		Data: map[string]any{
			"booking_id":    b.ID,
			"ticket_number": cb.TicketNumber,
			"pdf_url":       cb.PDFURL,
		},
	}); err != nil {
		return fmt.Errorf("ticket e-mail: %w", err)
	}

	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.tickets.Insert(ctx, &domain.Ticket{
			TicketNumber: cb.TicketNumber,
			BookingID:    b.ID,
			PartnerRef:   cb.PartnerRef,
			PDFURL:       cb.PDFURL,
			Status:       domain.TicketIssued,
			IssuedAt:     cb.IssuedAt,
		}); err != nil {
			return err
		}
		_, err := s.bookings.UpdateWhere(ctx,
			map[string]any{"status": domain.StatusTicketed, "updated_at": time.Now().UTC()},
			"id = ? AND status = ?", b.ID, domain.StatusConfirmed)
		return err
	})
}

// Reissue replaces an existing ticket.
func (s *Service) Reissue(ctx context.Context, ticketNumber, reason string, seats []string) error {
	old, err := s.tickets.Get(ctx, ticketNumber)
	if errors.Is(err, database.ErrNotFound) {
		return fmt.Errorf("ticket %s: %w", ticketNumber, err)
	}
	if err != nil {
		return err
	}
	if old.Status != domain.TicketIssued {
		return nil
	}

	req := partner.NewReissueRequest(old.TicketNumber).
		WithReason(reason).
		WithSeats(seats...).
		WithClientReference(xid.New().String())

	res, err := s.partner.ReissueTicket(ctx, req)
	if err != nil {
		return fmt.Errorf("reissue %s: %w", old.TicketNumber, err)
	}
	from := old.TicketNumber
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.tickets.MarkReissued(ctx, old.TicketNumber); err != nil {
			return err
		}
		_, err := s.tickets.InsertIfAbsent(ctx, &domain.Ticket{
			TicketNumber: res.TicketNumber,
			BookingID:    old.BookingID,
			PartnerRef:   res.PartnerRef,
			PDFURL:       res.PDFURL,
			Status:       domain.TicketIssued,
			ReissuedFrom: &from,
			IssuedAt:     res.IssuedAt,
		})
		return err
	})
}
