// Package consumers maps JetStream subjects to service methods.
package consumers

import (
	"context"
	"time"

	"github.com/kerfhall/makerspace/internal/events"
	"github.com/kerfhall/makerspace/internal/platform/stream"
	"github.com/kerfhall/makerspace/internal/service"
)

// Deps are the services the consumers dispatch to.
type Deps struct {
	Machines *service.MachineService
	Bookings *service.BookingService
	Dues     *service.DuesService
	POS      *service.POSService
	Certs    *service.CertificationService
}

// Routes is the registration table: one durable pull consumer per row.
func Routes(d Deps) []stream.Route {
	return []stream.Route{
		{
			Stream:  stream.StreamMeters,
			Subject: events.SubjectMeterReading,
			Durable: "meter-readings",
			Handler: stream.JSON(d.Machines.RecordReading),
			AckWait: 15 * time.Second,
		},
		{
			Stream:  stream.StreamMeters,
			Subject: events.SubjectSessionClosed,
			Durable: "usage-sessions",
			Handler: stream.JSON(d.Machines.CloseSession),
		},
		{
			Stream:     stream.StreamMeters,
			Subject:    events.SubjectHeartbeat,
			Durable:    "machine-heartbeats",
			Handler:    stream.JSON(d.Machines.Heartbeat),
			MaxDeliver: 3,
			AckWait:    10 * time.Second,
		},
		{
			Stream:  stream.StreamMeters,
			Subject: events.SubjectConsumables,
			Durable: "print-consumables",
			Handler: stream.JSON(d.Machines.RecordConsumables),
		},
		{
			Stream:  stream.StreamBookings,
			Subject: events.SubjectBookingEnded,
			Durable: "booking-settlement",
			Handler: stream.JSON(d.Bookings.HandleBookingEnded),
		},
		{
			Stream:     stream.StreamBookings,
			Subject:    events.SubjectBookingReminder,
			Durable:    "booking-reminders",
			Handler:    stream.JSON(d.Bookings.SendReminder),
			MaxDeliver: 5,
		},
		{
			Stream:  stream.StreamBilling,
			Subject: events.SubjectDuesCharge,
			Durable: "dues-collector",
			Handler: stream.JSON(d.Dues.ChargeInvoice),
			AckWait: 90 * time.Second,
		},
		{
			Stream:  stream.StreamOps,
			Subject: events.SubjectRestock,
			Durable: "inventory-restock",
			Handler: stream.JSONWithDelivery(withRef(d.POS.ApplyRestock)),
		},
		{
			Stream:  stream.StreamOps,
			Subject: events.SubjectTrainingCompleted,
			Durable: "training-certifier",
			Handler: stream.JSON(d.Certs.RecordTrainingCompleted),
		},
	}
}

// withRef adapts a service method that deduplicates on the stream position.
func withRef[T any](fn func(ctx context.Context, ref service.MessageRef, v T) error) func(context.Context, stream.Delivery, T) error {
	return func(ctx context.Context, d stream.Delivery, v T) error {
		return fn(ctx, service.MessageRef{Stream: d.Stream, Consumer: d.Consumer, Seq: d.StreamSeq}, v)
	}
}
