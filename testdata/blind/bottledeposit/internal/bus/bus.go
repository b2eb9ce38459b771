// Package bus is a small subscription framework over JetStream pull
// consumers: a table of routes (durable, subject, handler) and a middleware
// chain that takes care of logging, panics and acknowledgements.
package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Msg is a delivered message together with the route it arrived on.
type Msg struct {
	raw     jetstream.Msg
	Durable string
	meta    *jetstream.MsgMetadata
}

func newMsg(raw jetstream.Msg, durable string) *Msg {
	m := &Msg{raw: raw, Durable: durable}
	if md, err := raw.Metadata(); err == nil {
		m.meta = md
	}
	return m
}

func (m *Msg) Subject() string { return m.raw.Subject() }
func (m *Msg) Data() []byte    { return m.raw.Data() }

// Header returns the first value of a message header.
func (m *Msg) Header(key string) string {
	if h := m.raw.Headers(); h != nil {
		return h.Get(key)
	}
	return ""
}

// ID returns the publisher-assigned message id (Nats-Msg-Id) or, when the
// publisher did not set one, the stream sequence.
func (m *Msg) ID() string {
	if id := m.Header(jetstream.MsgIDHeader); id != "" {
		return id
	}
	if m.meta != nil {
		return m.meta.Stream + ":" + strconv.FormatUint(m.meta.Sequence.Stream, 10)
	}
	return ""
}

// Delivered is the number of times this message has been delivered,
// starting at 1.
func (m *Msg) Delivered() uint64 {
	if m.meta == nil {
		return 1
	}
	return m.meta.NumDelivered
}

// Decode unmarshals the JSON payload into v. A malformed payload is
// permanent: redelivering it will not help.
func (m *Msg) Decode(v any) error {
	if err := json.Unmarshal(m.raw.Data(), v); err != nil {
		return Permanent(fmt.Errorf("decode %s: %w", m.Subject(), err))
	}
	return nil
}

// Handler processes one message. Returning nil acknowledges it (through the
// Acker middleware); returning an error schedules a redelivery unless the
// error is Permanent.
type Handler func(ctx context.Context, m *Msg) error

// Middleware wraps a Handler.
type Middleware func(next Handler) Handler

// Route binds a durable pull consumer on Subject to a Handler.
type Route struct {
	Durable    string
	Subject    string
	Handler    Handler
	Middleware []Middleware
	MaxDeliver int
	AckWait    time.Duration
}

// RouteOption customises a Route built with On.
type RouteOption func(*Route)

// WithMiddleware adds route-specific middleware, applied inside the
// router-wide chain.
func WithMiddleware(mw ...Middleware) RouteOption {
	return func(r *Route) { r.Middleware = append(r.Middleware, mw...) }
}

// WithMaxDeliver caps the number of deliveries for the route's consumer.
func WithMaxDeliver(n int) RouteOption {
	return func(r *Route) { r.MaxDeliver = n }
}

// WithAckWait sets how long the server waits for an ack before redelivering.
func WithAckWait(d time.Duration) RouteOption {
	return func(r *Route) { r.AckWait = d }
}

// On builds a Route.
func On(durable, subject string, h Handler, opts ...RouteOption) Route {
	r := Route{
		Durable:    durable,
		Subject:    subject,
		Handler:    h,
		MaxDeliver: 20,
		AckWait:    30 * time.Second,
	}
	for _, o := range opts {
		o(&r)
	}
	return r
}

// JSON adapts a typed handler to Handler, decoding the payload first.
func JSON[T any](fn func(ctx context.Context, ev T, m *Msg) error) Handler {
	return func(ctx context.Context, m *Msg) error {
		var ev T
		if err := m.Decode(&ev); err != nil {
			return err
		}
		return fn(ctx, ev, m)
	}
}

// Router owns the consumers for a set of routes on one stream.
type Router struct {
	js     jetstream.JetStream
	stream string
	log    *slog.Logger
	mw     []Middleware
	routes []Route
}

func NewRouter(js jetstream.JetStream, stream string, log *slog.Logger) *Router {
	return &Router{js: js, stream: stream, log: log}
}

// Use appends router-wide middleware. The first middleware is outermost.
func (r *Router) Use(mw ...Middleware) { r.mw = append(r.mw, mw...) }

// Add registers routes.
func (r *Router) Add(routes ...Route) { r.routes = append(r.routes, routes...) }

func chain(h Handler, mw []Middleware) Handler {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// Run creates or updates every consumer and processes messages until ctx is
// cancelled.
func (r *Router) Run(ctx context.Context) error {
	if len(r.routes) == 0 {
		return errors.New("bus: no routes registered")
	}

	var (
		mu       sync.Mutex
		contexts []jetstream.ConsumeContext
	)
	stopAll := func() {
		mu.Lock()
		defer mu.Unlock()
		for _, cc := range contexts {
			cc.Stop()
		}
	}

	for _, rt := range r.routes {
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
			Durable:       rt.Durable,
			FilterSubject: rt.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       rt.AckWait,
			MaxDeliver:    rt.MaxDeliver,
		})
		if err != nil {
			stopAll()
			return fmt.Errorf("bus: consumer %s: %w", rt.Durable, err)
		}

		all := make([]Middleware, 0, len(r.mw)+len(rt.Middleware))
		all = append(all, r.mw...)
		all = append(all, rt.Middleware...)
		h := chain(rt.Handler, all)
		durable := rt.Durable
		log := r.log.With("durable", durable, "subject", rt.Subject)

		cc, err := cons.Consume(func(jm jetstream.Msg) {
			_ = h(ctx, newMsg(jm, durable))
		},
			jetstream.PullMaxMessages(16),
			jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
				log.Warn("consume error", "err", err)
			}),
		)
		if err != nil {
			stopAll()
			return fmt.Errorf("bus: consume %s: %w", durable, err)
		}
		mu.Lock()
		contexts = append(contexts, cc)
		mu.Unlock()
		log.Info("consumer started")
	}

	<-ctx.Done()
	stopAll()
	return nil
}
