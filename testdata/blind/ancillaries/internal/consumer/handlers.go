package consumer

import (
	"context"

	"github.com/skyway-air/ancillaries/internal/app"
)

// NewTable builds the handler table for the subscribed topics. Payloads
// decode straight into the use-case inputs; the envelope supplies the
// event ID and, where the producer left it out, the event time.
func NewTable(d *app.Disruptions, b *app.Bookings) Table {
	return Table{
		"flight.cancelled": On(func(ctx context.Context, env Envelope, p app.FlightCancelled) error {
			p.EventID = env.ID
			return d.FlightCancelled(ctx, p)
		}),
		"flight.schedule_changed": On(func(ctx context.Context, env Envelope, p app.ScheduleChanged) error {
			p.EventID = env.ID
			return d.ScheduleChanged(ctx, p)
		}),
		"flight.departed": On(func(ctx context.Context, env Envelope, p app.FlightDeparted) error {
			p.EventID = env.ID
			if p.At.IsZero() {
				p.At = env.OccurredAt
			}
			return d.FlightDeparted(ctx, p)
		}),
		"booking.created": On(func(ctx context.Context, env Envelope, p app.BookingCreated) error {
			p.EventID = env.ID
			return b.Created(ctx, p)
		}),
		"booking.cancelled": On(func(ctx context.Context, env Envelope, p app.BookingCancelled) error {
			p.EventID = env.ID
			if p.CancelledAt.IsZero() {
				p.CancelledAt = env.OccurredAt
			}
			return b.Cancelled(ctx, p)
		}),
		"booking.ticket_reissued": On(func(ctx context.Context, env Envelope, p app.TicketReissued) error {
			p.EventID = env.ID
			return b.TicketReissued(ctx, p)
		}),
		"loyalty.member_linked": On(func(ctx context.Context, env Envelope, p app.MemberLinked) error {
			p.EventID = env.ID
			return b.MemberLinked(ctx, p)
		}),
	}
}
