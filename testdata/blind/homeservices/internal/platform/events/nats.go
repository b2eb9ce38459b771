// Package events carries job, dispatch and tracking events over NATS JetStream.
package events

import (
	"context"
	"fmt"
	"time"

	"github.com/google/wire"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tradeloop/homeservices/internal/config"
)

// Stream names and subjects.
const (
	StreamJobs     = "JOBS"
	StreamDispatch = "DISPATCH"
	StreamTracking = "TRACKING"

	SubjectJobPosted       = "jobs.posted"
	SubjectJobCompleted    = "jobs.completed"
	SubjectJobStatusAll    = "jobs.status.>"
	SubjectOfferAccepted   = "dispatch.offer.accepted"
	SubjectLocationAll     = "techs.location.>"
	subjectJobStatusFmt    = "jobs.status.%s"
	subjectTechLocationFmt = "techs.location.%s"
)

// JobStatusSubject is the subject for one job's status changes.
func JobStatusSubject(jobID string) string { return fmt.Sprintf(subjectJobStatusFmt, jobID) }

// LocationSubject is the subject for one technician's location pings.
func LocationSubject(techID string) string { return fmt.Sprintf(subjectTechLocationFmt, techID) }

// ProviderSet provides the NATS connection, JetStream and Publisher.
var ProviderSet = wire.NewSet(Connect, NewJetStream, NewPublisher, wire.Bind(new(Publisher), new(*JetStreamPublisher)))

// Connect opens the NATS connection.
func Connect(cfg config.NATS) (*nats.Conn, func(), error) {
	nc, err := nats.Connect(cfg.URL,
		nats.Name(cfg.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(2*time.Second),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("events: connect: %w", err)
	}
	return nc, func() { _ = nc.Drain() }, nil
}

// NewJetStream returns a JetStream context and makes sure the streams exist.
func NewJetStream(nc *nats.Conn) (jetstream.JetStream, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("events: jetstream: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	streams := []jetstream.StreamConfig{
		{Name: StreamJobs, Subjects: []string{"jobs.>"}, Duplicates: 24 * time.Hour, MaxAge: 30 * 24 * time.Hour},
		{Name: StreamDispatch, Subjects: []string{"dispatch.>"}, Duplicates: 24 * time.Hour, MaxAge: 7 * 24 * time.Hour},
		{Name: StreamTracking, Subjects: []string{"techs.>"}, Duplicates: 2 * time.Minute, MaxAge: 24 * time.Hour},
	}
	for _, sc := range streams {
		if _, err := js.CreateOrUpdateStream(ctx, sc); err != nil {
			return nil, fmt.Errorf("events: stream %s: %w", sc.Name, err)
		}
	}
	return js, nil
}
