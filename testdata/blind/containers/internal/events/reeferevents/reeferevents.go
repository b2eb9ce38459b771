// Package reeferevents builds the dispatcher for the reefer monitoring topic.
package reeferevents

import (
	"context"

	"github.com/quaymark/terminal-ops/internal/events/dispatch"
	"github.com/quaymark/terminal-ops/internal/service/reefer"
)

// Service is the reefer use-case surface.
type Service interface {
	RecordPlugChange(ctx context.Context, ev reefer.PlugChange) error
	RecordReading(ctx context.Context, r reefer.Reading) error
	RaiseAlarm(ctx context.Context, a reefer.Alarm) (string, error)
}

// NewDispatcher registers the reefer handlers.
func NewDispatcher(svc Service) *dispatch.Dispatcher {
	d := dispatch.New("reefer")

	plug := func(plugged bool) func(context.Context, dispatch.Envelope, reefer.PlugChange) error {
		return func(ctx context.Context, env dispatch.Envelope, ev reefer.PlugChange) error {
			ev.EventID = env.EventID
			ev.Plugged = plugged
			if ev.OccurredAt.IsZero() {
				ev.OccurredAt = env.OccurredAt
			}
			return svc.RecordPlugChange(ctx, ev)
		}
	}
	dispatch.Register(d, "PLUG_IN", plug(true))
	dispatch.Register(d, "PLUG_OUT", plug(false))

	dispatch.Register(d, "READING", func(ctx context.Context, _ dispatch.Envelope, r reefer.Reading) error {
		return svc.RecordReading(ctx, r)
	})

	dispatch.Register(d, "ALARM", func(ctx context.Context, env dispatch.Envelope, a reefer.Alarm) error {
		if a.RaisedAt.IsZero() {
			a.RaisedAt = env.OccurredAt
		}
		_, err := svc.RaiseAlarm(ctx, a)
		return err
	})

	return d
}
