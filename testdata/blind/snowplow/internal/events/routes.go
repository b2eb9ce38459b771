// Package events is the registration table for the JetStream consumer: which
// subject goes to which service call.
package events

import (
	"context"
	"errors"
	"time"

	"github.com/driftline-services/snowplow/internal/consumer"
	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/service/passes"
	"github.com/driftline-services/snowplow/internal/service/storm"
)

// Streams and subjects.
const (
	StreamGPS  = "GPS"
	StreamCity = "CITY"

	SubjectPass      = "gps.pass.recorded"
	SubjectHeartbeat = "gps.truck.heartbeat"
	SubjectDeclared  = "city.storm.declared"
	SubjectEnded     = "city.storm.ended"
)

// PassApplier applies GPS passes.
type PassApplier interface {
	ApplyGPS(ctx context.Context, p passes.GPSPass) error
}

// StormLifecycle reacts to the city's storm events.
type StormLifecycle interface {
	Declare(ctx context.Context, e storm.Declared) (domain.Storm, error)
	End(ctx context.Context, e storm.Ended) error
}

// TruckClock records truck heartbeats.
type TruckClock interface {
	TouchTruck(ctx context.Context, id string, at time.Time) error
}

type heartbeat struct {
	TruckID string    `json:"truck_id"`
	At      time.Time `json:"at"`
}

// Deps are the services the table routes to.
type Deps struct {
	Passes PassApplier
	Storms StormLifecycle
	Trucks TruckClock
	Inbox  consumer.InboxStore
}

// Routes returns the registration table.
func Routes(d Deps) []consumer.Route {
	return []consumer.Route{
		{
			Stream:     StreamGPS,
			Subject:    SubjectPass,
			Handle:     consumer.JSON(notFoundIsPermanent(d.Passes.ApplyGPS)),
			Decorators: []consumer.Decorator{consumer.Dedup(d.Inbox, "gps-pass")},
		},
		{
			Stream:  StreamGPS,
			Subject: SubjectHeartbeat,
			Handle: consumer.JSON(func(ctx context.Context, hb heartbeat) error {
				return d.Trucks.TouchTruck(ctx, hb.TruckID, hb.At)
			}),
		},
		{
			Stream:  StreamCity,
			Subject: SubjectDeclared,
			Handle: consumer.JSON(func(ctx context.Context, e storm.Declared) error {
				_, err := d.Storms.Declare(ctx, e)
				return err
			}),
		},
		{
			Stream:  StreamCity,
			Subject: SubjectEnded,
			Handle:  consumer.JSON(d.Storms.End),
		},
	}
}

// notFoundIsPermanent stops redelivery of passes for trucks or routes we
// do not know about; the bridge replays those from its dead-letter store once
// dispatch fixes the data.
func notFoundIsPermanent[T any](fn func(context.Context, T) error) func(context.Context, T) error {
	return func(ctx context.Context, v T) error {
		err := fn(ctx, v)
		if errors.Is(err, domain.ErrNotFound) || errors.Is(err, domain.ErrInvalidArgument) {
			return consumer.Permanent(err)
		}
		return err
	}
}
