// Package consumers adapts Kafka messages to service calls and declares the
// consumer registration table.
package consumers

import (
	"context"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/messaging/kafkarun"
)

// TicketIssuer issues tickets for confirmed bookings.
type TicketIssuer interface {
	Issue(ctx context.Context, bookingID string) error
}

// PointsAccruer credits loyalty points.
type PointsAccruer interface {
	Accrue(ctx context.Context, evt domain.BookingConfirmed) error
}

// DisplayFanOut schedules station display pushes.
type DisplayFanOut interface {
	FanOut(ctx context.Context, evt domain.SeatMapChanged) error
}

// CancellationNotifier tells passengers about cancellations.
type CancellationNotifier interface {
	NotifyCancelled(ctx context.Context, evt domain.BookingCancelled) error
}

// RefundApplier applies settled refunds.
type RefundApplier interface {
	Apply(ctx context.Context, messageID string, evt domain.PaymentRefunded) error
}

// DisruptionNotifier fans out disruption notices.
type DisruptionNotifier interface {
	Handle(ctx context.Context, messageID string, evt domain.TripDisrupted) error
}

// AckRecorder records partner settlement acknowledgements.
type AckRecorder interface {
	RecordAck(ctx context.Context, ack domain.SettlementAck) error
}

// Consumers holds the services the consumers call.
type Consumers struct {
	Tickets       TicketIssuer
	Loyalty       PointsAccruer
	Displays      DisplayFanOut
	Cancellations CancellationNotifier
	Refunds       RefundApplier
	Disruptions   DisruptionNotifier
	Settlement    AckRecorder
	Log           *slog.Logger
}

// Table is the consumer registration table.
func (c *Consumers) Table() []kafkarun.Registration {
	return []kafkarun.Registration{
		{Topic: domain.TopicBookingConfirmed, GroupID: "bookings-ticketing", Handler: c.issueTickets},
		{Topic: domain.TopicBookingConfirmed, GroupID: "bookings-loyalty", Handler: kafkarun.JSON(c.accruePoints)},
		{Topic: domain.TopicSeatMapChanged, GroupID: "bookings-displays", Handler: kafkarun.JSON(c.fanOutDisplays)},
		{Topic: domain.TopicBookingCancelled, GroupID: "bookings-cancel-notify", Handler: kafkarun.JSON(c.notifyCancelled)},
		{Topic: domain.TopicPaymentRefunded, GroupID: "bookings-refund-sync", Handler: kafkarun.JSON(c.Refunds.Apply)},
		{Topic: domain.TopicTripDisrupted, GroupID: "bookings-disruptions", Handler: kafkarun.JSON(c.Disruptions.Handle)},
		{Topic: domain.TopicSettlementAcks, GroupID: "bookings-settlement-acks", Handler: kafkarun.JSON(c.recordAck)},
	}
}

func (c *Consumers) issueTickets(ctx context.Context, msg kafka.Message) error {
	// The message key is the booking id; the payload is only needed for logs.
	bookingID := string(msg.Key)
	if bookingID == "" {
		return kafkarun.Permanent(errMissingKey(msg))
	}
	return c.Tickets.Issue(ctx, bookingID)
}

func (c *Consumers) accruePoints(ctx context.Context, _ string, evt domain.BookingConfirmed) error {
	return c.Loyalty.Accrue(ctx, evt)
}

func (c *Consumers) fanOutDisplays(ctx context.Context, _ string, evt domain.SeatMapChanged) error {
	return c.Displays.FanOut(ctx, evt)
}

func (c *Consumers) notifyCancelled(ctx context.Context, _ string, evt domain.BookingCancelled) error {
	return c.Cancellations.NotifyCancelled(ctx, evt)
}

func (c *Consumers) recordAck(ctx context.Context, _ string, ack domain.SettlementAck) error {
	return c.Settlement.RecordAck(ctx, ack)
}
