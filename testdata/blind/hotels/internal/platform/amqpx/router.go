// Package amqpx runs the RabbitMQ consume loop and publishes domain events.
package amqpx

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"time"
)

// Delivery is the transport-neutral view of one AMQP delivery.
type Delivery struct {
	MessageID     string
	CorrelationID string
	RoutingKey    string
	Exchange      string
	Body          []byte
	Headers       map[string]any
	Redelivered   bool
	Timestamp     time.Time
	DeliveryTag   uint64
}

// HandlerFunc handles one delivery. Returning an error requeues it.
type HandlerFunc func(ctx context.Context, d Delivery) error

// Middleware wraps a HandlerFunc.
type Middleware func(routingKey string, next HandlerFunc) HandlerFunc

// Router maps routing keys to handlers. Packages register their handlers at
// wiring time; the consume loop only looks them up.
type Router struct {
	mu         sync.RWMutex
	handlers   map[string]HandlerFunc
	middleware []Middleware
}

// NewRouter returns an empty Router.
func NewRouter(mw ...Middleware) *Router {
	return &Router{handlers: map[string]HandlerFunc{}, middleware: mw}
}

// Handle registers h for routingKey. Registering a key twice panics.
func (r *Router) Handle(routingKey string, h HandlerFunc) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.handlers[routingKey]; dup {
		panic(fmt.Sprintf("amqpx: duplicate handler for %q", routingKey))
	}
	for i := len(r.middleware) - 1; i >= 0; i-- {
		h = r.middleware[i](routingKey, h)
	}
	r.handlers[routingKey] = h
}

// Lookup returns the handler for routingKey.
func (r *Router) Lookup(routingKey string) (HandlerFunc, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	h, ok := r.handlers[routingKey]
	return h, ok
}

// Keys lists the registered routing keys, sorted; used to declare bindings.
func (r *Router) Keys() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	keys := make([]string, 0, len(r.handlers))
	for k := range r.handlers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Registrar is implemented by packages that consume events.
type Registrar interface {
	RegisterConsumers(r *Router)
}

// Mount registers every registrar on r.
func Mount(r *Router, regs ...Registrar) *Router {
	for _, reg := range regs {
		reg.RegisterConsumers(r)
	}
	return r
}

// PermanentError marks a delivery that must not be requeued.
type PermanentError struct{ Err error }

func (e PermanentError) Error() string { return "permanent: " + e.Err.Error() }
func (e PermanentError) Unwrap() error { return e.Err }

// JSON adapts a typed handler to a HandlerFunc, decoding the body into T.
func JSON[T any](fn func(ctx context.Context, msg T, d Delivery) error) HandlerFunc {
	return func(ctx context.Context, d Delivery) error {
		var msg T
		if err := json.Unmarshal(d.Body, &msg); err != nil {
			return PermanentError{Err: fmt.Errorf("decode %s: %w", d.RoutingKey, err)}
		}
		return fn(ctx, msg, d)
	}
}
