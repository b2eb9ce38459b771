// Package service holds the depot's business operations. Transports (the
// HTTP API, Kafka consumers, the SQS tracking poller and cron jobs) call
// into these services; the services reach Postgres through the store
// package and external systems through provider clients.
package service

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/depotworks/depot/internal/platform/clock"
	"github.com/depotworks/depot/internal/platform/idgen"
)

// Option configures the shared dependencies of a service.
type Option func(*base)

type base struct {
	clock   clock.Clock
	ids     idgen.Generator
	http    *http.Client
	log     *slog.Logger
	holdFor time.Duration
}

func newBase(opts []Option) base {
	b := base{
		clock:   clock.System{},
		ids:     idgen.UUID{},
		http:    http.DefaultClient,
		log:     slog.Default(),
		holdFor: 72 * time.Hour,
	}
	for _, o := range opts {
		o(&b)
	}
	return b
}

// WithClock sets the clock.
func WithClock(c clock.Clock) Option { return func(b *base) { b.clock = c } }

// WithIDGen sets the identifier generator for new rows and events.
func WithIDGen(g idgen.Generator) Option { return func(b *base) { b.ids = g } }

// WithHTTPClient sets the HTTP client used for outbound calls the service
// makes itself.
func WithHTTPClient(h *http.Client) Option { return func(b *base) { b.http = h } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(b *base) { b.log = l } }

// WithReservationHold sets how long stock reservations are held before the
// expiry job releases them.
func WithReservationHold(d time.Duration) Option { return func(b *base) { b.holdFor = d } }
