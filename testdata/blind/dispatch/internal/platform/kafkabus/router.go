// Package kafkabus is a thin consumer-group framework over segmentio/kafka-go:
// feature modules register one handler per topic, the group runs one reader
// per topic and commits an offset only after the handler chain returns nil.
package kafkabus

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"
)

// Message is the transport-neutral view of a Kafka record.
type Message struct {
	Topic     string
	Partition int
	Offset    int64
	Key       []byte
	Value     []byte
	Headers   map[string]string
	Time      time.Time
}

// Header returns a header value or "".
func (m Message) Header(k string) string { return m.Headers[k] }

// HandlerFunc processes one message. Returning an error leaves the offset
// uncommitted so the message is delivered again.
type HandlerFunc func(ctx context.Context, msg Message) error

// Middleware decorates a HandlerFunc.
type Middleware func(HandlerFunc) HandlerFunc

// Router maps topics to handler chains.
type Router struct {
	mu       sync.RWMutex
	handlers map[string]HandlerFunc
	global   []Middleware
}

// NewRouter builds an empty Router.
func NewRouter() *Router {
	return &Router{handlers: map[string]HandlerFunc{}}
}

// Use appends global middleware applied to every topic registered afterwards.
func (r *Router) Use(mw ...Middleware) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.global = append(r.global, mw...)
}

// Handle registers the handler for topic. Per-topic middleware runs inside
// the global middleware.
func (r *Router) Handle(topic string, h HandlerFunc, mw ...Middleware) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.handlers[topic]; dup {
		panic(fmt.Sprintf("kafkabus: duplicate handler for topic %q", topic))
	}
	h = chain(h, mw...)
	h = chain(h, r.global...)
	r.handlers[topic] = h
}

// Topics returns the registered topics in a stable order.
func (r *Router) Topics() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]string, 0, len(r.handlers))
	for t := range r.handlers {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Lookup returns the handler for topic.
func (r *Router) Lookup(topic string) (HandlerFunc, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	h, ok := r.handlers[topic]
	return h, ok
}

func chain(h HandlerFunc, mw ...Middleware) HandlerFunc {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}
