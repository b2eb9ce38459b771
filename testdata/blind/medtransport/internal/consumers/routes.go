// Package consumers holds the JetStream handlers run by cmd/consumer. Each
// subject maps to one handler; JetStream redelivers any message that is not
// acked within AckWait or is nak'ed.
package consumers

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/carelift-health/nemt/internal/events"
	"github.com/carelift-health/nemt/internal/platform/natsx"
)

type PreAuthService interface {
	RequestForRide(ctx context.Context, rideID uuid.UUID) error
}

type TripService interface {
	CreateForRide(ctx context.Context, rideID uuid.UUID) error
	Dispatch(ctx context.Context, tripID uuid.UUID) error
}

type NotifyService interface {
	TripStatusChanged(ctx context.Context, ev events.TripStatusChanged) error
}

type QuotaService interface {
	TripCancelled(ctx context.Context, ev events.TripCancelled) error
}

// Deps is filled in by dig.
type Deps struct {
	dig.In

	PreAuth   PreAuthService
	Trips     TripService
	Notify    NotifyService
	Quota     QuotaService
	Temporal  client.Client
	Processed natsx.ProcessedStore
	Tx        natsx.TxRunner
	Log       *slog.Logger
	TaskQueue string `name:"billingTaskQueue"`
}

// Routes builds the subject → handler table.
func Routes(d Deps) natsx.Routes {
	h := &handlers{deps: d}
	return natsx.Routes{
		events.SubjectRideRequested: decode(h.rideRequested),
		events.SubjectRideApproved:  decode(h.rideApproved),
		events.SubjectTripDispatch:  decode(h.tripDispatch),
		events.SubjectTripStatus:    decode(d.Notify.TripStatusChanged),
		events.SubjectTripCompleted: h.tripCompleted,
		events.SubjectTripCancelled: natsx.Dedup(d.Processed, d.Tx, "quota-release", decode(d.Quota.TripCancelled)),
	}
}

// decode adapts a typed handler to a natsx.Handler. Payloads that do not
// decode are terminated rather than redelivered.
func decode[T any](fn func(ctx context.Context, ev T) error) natsx.Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		var ev T
		if err := json.Unmarshal(msg.Data(), &ev); err != nil {
			return natsx.Permanent(fmt.Errorf("decode %s: %w", msg.Subject(), err))
		}
		return fn(ctx, ev)
	}
}
