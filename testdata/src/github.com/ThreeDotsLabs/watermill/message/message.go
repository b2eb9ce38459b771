// Package message is a stub of github.com/ThreeDotsLabs/watermill/message v1.5.1 for analysistest.
package message

import (
	"context"

	"github.com/ThreeDotsLabs/watermill"
)

type Payload []byte

type Metadata map[string]string

func (m Metadata) Get(key string) string { return m[key] }
func (m Metadata) Set(key, value string) { m[key] = value }

type Message struct {
	UUID     string
	Metadata Metadata
	Payload  Payload
	ctx      context.Context
}

type Messages []*Message

func NewMessage(uuid string, payload Payload) *Message {
	return &Message{UUID: uuid, Metadata: Metadata{}, Payload: payload}
}

func (m *Message) Ack() bool                      { return true }
func (m *Message) Nack() bool                     { return true }
func (m *Message) Acked() <-chan struct{}         { return nil }
func (m *Message) Nacked() <-chan struct{}        { return nil }
func (m *Message) Context() context.Context       { return m.ctx }
func (m *Message) SetContext(ctx context.Context) { m.ctx = ctx }
func (m *Message) Copy() *Message                 { return m }

type Publisher interface {
	Publish(topic string, messages ...*Message) error
	Close() error
}

type Subscriber interface {
	Subscribe(ctx context.Context, topic string) (<-chan *Message, error)
	Close() error
}

type HandlerFunc func(msg *Message) ([]*Message, error)
type NoPublishHandlerFunc func(msg *Message) error
type HandlerMiddleware func(h HandlerFunc) HandlerFunc

type RouterConfig struct{}

type Router struct{}

type Handler struct{}

func (h *Handler) AddMiddleware(m ...HandlerMiddleware) {}

func NewRouter(config RouterConfig, logger watermill.LoggerAdapter) (*Router, error) {
	return &Router{}, nil
}
func NewDefaultRouter(logger watermill.LoggerAdapter) *Router { return &Router{} }

func (r *Router) AddMiddleware(m ...HandlerMiddleware) {}
func (r *Router) Run(ctx context.Context) (err error)  { return nil }
func (r *Router) Close() error                         { return nil }

func (r *Router) AddHandler(
	handlerName string,
	subscribeTopic string,
	subscriber Subscriber,
	publishTopic string,
	publisher Publisher,
	handlerFunc HandlerFunc,
) *Handler {
	return &Handler{}
}

func (r *Router) AddConsumerHandler(
	handlerName string,
	subscribeTopic string,
	subscriber Subscriber,
	handlerFunc NoPublishHandlerFunc,
) *Handler {
	return &Handler{}
}

// AddNoPublisherHandler is the deprecated alias of AddConsumerHandler.
func (r *Router) AddNoPublisherHandler(
	handlerName string,
	subscribeTopic string,
	subscriber Subscriber,
	handlerFunc NoPublishHandlerFunc,
) *Handler {
	return r.AddConsumerHandler(handlerName, subscribeTopic, subscriber, handlerFunc)
}
