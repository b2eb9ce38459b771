// Package worker hosts the background entry points: Kafka telematics
// consumers, SQS queue consumers and asynq tasks.
package worker

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"

	"github.com/acme/fleet/internal/config"
	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/mq"
)

// Telemetry applies telematics events.
type Telemetry interface {
	RecordMileage(ctx context.Context, ev domain.MileageEvent) error
	RecordFuel(ctx context.Context, ev domain.FuelEvent) error
	RecordTrip(ctx context.Context, ev domain.TripEvent) error
}

// FaultHandler opens work orders from vehicle faults.
type FaultHandler interface {
	OpenFromFault(ctx context.Context, ev domain.FaultEvent) error
}

// Streams runs the telematics consumers.
type Streams struct {
	cfg       config.Config
	telemetry Telemetry
	faults    FaultHandler
	log       *slog.Logger
}

func NewStreams(cfg config.Config, telemetry Telemetry, faults FaultHandler, log *slog.Logger) *Streams {
	return &Streams{cfg: cfg, telemetry: telemetry, faults: faults, log: log}
}

// jsonEvent adapts a typed event handler to a Kafka message handler.
// Messages that do not decode are logged and skipped.
func jsonEvent[T any](log *slog.Logger, fn func(ctx context.Context, ev T) error) mq.MessageHandler {
	return func(ctx context.Context, m kafka.Message) error {
		var ev T
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			log.WarnContext(ctx, "skipping undecodable event", "topic", m.Topic, "offset", m.Offset, "err", err)
			return nil
		}
		return fn(ctx, ev)
	}
}

type stream struct {
	topic  string
	handle mq.MessageHandler
	// autoCommit streams commit offsets in the background every
	// commitEvery; the others commit each message after handling it.
	autoCommit bool
}

func (s *Streams) streams() []stream {
	return []stream{
		{topic: domain.TopicMileage, handle: jsonEvent(s.log, s.telemetry.RecordMileage)},
		{topic: domain.TopicFuel, handle: jsonEvent(s.log, s.telemetry.RecordFuel), autoCommit: true},
		{topic: domain.TopicTrips, handle: jsonEvent(s.log, s.telemetry.RecordTrip)},
		{topic: domain.TopicFaults, handle: jsonEvent(s.log, s.faults.OpenFromFault)},
	}
}

const commitEvery = 5 * time.Second

// Run consumes every telematics topic until ctx is cancelled or one
// consumer fails.
func (s *Streams) Run(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	for _, st := range s.streams() {
		g.Go(func() error {
			if st.autoCommit {
				r := mq.NewReader(s.cfg, st.topic, commitEvery)
				defer r.Close()
				return mq.ConsumeAuto(ctx, r, st.handle, s.log)
			}
			r := mq.NewReader(s.cfg, st.topic, 0)
			defer r.Close()
			return mq.ConsumeCommitted(ctx, r, st.handle, s.log)
		})
	}
	return g.Wait()
}
