// Package booking implements usecase.Bookings: seat holds, card purchases,
// customer refunds and ticket changes.
package booking

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/northline/coachbus/internal/config"
	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/domain"
	"github.com/northline/coachbus/internal/provider/stripepay"
	"github.com/northline/coachbus/internal/usecase"
)

// Payments is the part of stripepay the booking flow needs.
type Payments interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest) (stripepay.Charge, error)
	Refund(ctx context.Context, req stripepay.RefundRequest) (string, error)
}

// JobQueue enqueues river jobs inside our transactions.
type JobQueue interface {
	EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) error
}

// Service implements usecase.Bookings.
type Service struct {
	store     *db.Store
	payments  Payments
	jobs      JobQueue
	holdTTL   time.Duration
	changeFee int64
	now       func() time.Time
}

var _ usecase.Bookings = (*Service)(nil)

// New builds the service.
func New(store *db.Store, payments *stripepay.Client, jobs JobQueue, cfg config.Config) *Service {
	return &Service{
		store:     store,
		payments:  payments,
		jobs:      jobs,
		holdTTL:   cfg.HoldTTL,
		changeFee: cfg.ChangeFeeCents,
		now:       time.Now,
	}
}

func (s *Service) bookingView(ctx context.Context, q *db.Queries, b db.Booking) (usecase.Booking, error) {
	tickets, err := q.ListTicketsByBooking(ctx, b.ID)
	if err != nil {
		return usecase.Booking{}, fmt.Errorf("list tickets: %w", err)
	}
	return toBooking(b, tickets), nil
}

func toBooking(b db.Booking, tickets []db.Ticket) usecase.Booking {
	out := usecase.Booking{
		ID:         b.ID,
		TripID:     b.TripID,
		Channel:    b.Channel,
		Status:     b.Status,
		TotalCents: b.TotalCents,
		Currency:   b.Currency,
		Tickets:    make([]usecase.Ticket, 0, len(tickets)),
	}
	if b.AgentReference != nil {
		out.AgentReference = *b.AgentReference
	}
	for _, t := range tickets {
		out.Tickets = append(out.Tickets, toTicket(t))
	}
	return out
}

func toTicket(t db.Ticket) usecase.Ticket {
	return usecase.Ticket{
		ID:            t.ID,
		BookingID:     t.BookingID,
		TripID:        t.TripID,
		PassengerName: t.PassengerName,
		Status:        t.Status,
	}
}

func notFound(err error, what string) error {
	if db.IsNotFound(err) {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	return fmt.Errorf("load %s: %w", what, err)
}
