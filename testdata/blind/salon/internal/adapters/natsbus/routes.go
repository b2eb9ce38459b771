package natsbus

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
	"github.com/velvetchair/salon/internal/core/services"
)

type routeDeps struct {
	fx.In

	Log       *slog.Logger
	DB        ports.TxRunner
	Inbox     ports.InboxStore
	Messaging *services.MessagingService
	Loyalty   *services.LoyaltyService
	Waitlist  *services.WaitlistService
	Payments  *services.PaymentService
}

// Routes is the table of event consumers run by cmd/events.
func Routes(d routeDeps) []Route {
	return []Route{
		{
			Durable: "reminders-on-booked",
			Subject: domain.SubjectAppointmentBooked,
			Handler: Decode(func(ctx context.Context, _ Delivery, e domain.AppointmentBooked) error {
				return d.Messaging.ScheduleForBooking(ctx, e)
			}),
		},
		{
			Durable: "loyalty-on-completed",
			Subject: domain.SubjectAppointmentCompleted,
			Handler: Decode(func(ctx context.Context, _ Delivery, e domain.AppointmentCompleted) error {
				return d.Loyalty.AccrueVisit(ctx, e)
			}),
		},
		{
			Durable: "waitlist-on-cancelled",
			Subject: domain.SubjectAppointmentCancelled,
			Handler: Decode(func(ctx context.Context, dl Delivery, e domain.AppointmentCancelled) error {
				return d.Waitlist.OfferFreedSlot(ctx, dl.ID, e)
			}),
		},
		{
			Durable:    "refunds-recorder",
			Subject:    domain.SubjectPaymentRefunded,
			MaxDeliver: -1,
			Handler: Decode(func(ctx context.Context, _ Delivery, e domain.RefundIssued) error {
				return d.Payments.RecordRefund(ctx, e)
			}),
		},
		{
			Durable: "referral-bonus",
			Subject: domain.SubjectClientReferred,
			Handler: Once("referral-bonus", d.DB, d.Inbox,
				Decode(func(ctx context.Context, _ Delivery, e domain.ClientReferred) error {
					return d.Loyalty.CreditReferral(ctx, e)
				})),
		},
	}
}

// withLogging wraps every route handler in Logged.
func withLogging(log *slog.Logger, routes []Route) []Route {
	for i := range routes {
		routes[i].Handler = Logged(log, routes[i].Handler)
	}
	return routes
}
