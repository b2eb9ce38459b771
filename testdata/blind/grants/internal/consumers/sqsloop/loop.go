// Package sqsloop is a long-poll consumer for the events FIFO queue. It
// dispatches each message by its event_type attribute. A message is deleted
// only after its handler returns nil; otherwise it becomes visible again
// when the visibility timeout expires and is redelivered (up to the queue's
// maxReceiveCount, then it moves to the dead-letter queue).
package sqsloop

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Message is what handlers see.
type Message struct {
	ID           string
	EventType    string
	GroupID      string
	Body         []byte
	ReceiveCount int
}

// HandlerFunc processes one message.
type HandlerFunc func(ctx context.Context, m Message) error

// Middleware decorates a HandlerFunc.
type Middleware func(HandlerFunc) HandlerFunc

// API is the subset of *sqs.Client the loop needs.
type API interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Loop polls one queue.
type Loop struct {
	api        API
	queueURL   string
	attribute  string
	handlers   map[string]HandlerFunc
	log        *slog.Logger
	wait       int32
	batch      int32
	visibility int32
	timeout    time.Duration
}

// Option configures the loop.
type Option func(*Loop)

// WithVisibilityTimeout sets the per-receive visibility timeout in seconds.
func WithVisibilityTimeout(sec int32) Option { return func(l *Loop) { l.visibility = sec } }

// WithHandlerTimeout bounds a single handler invocation.
func WithHandlerTimeout(d time.Duration) Option { return func(l *Loop) { l.timeout = d } }

// WithLogger sets the logger.
func WithLogger(log *slog.Logger) Option { return func(l *Loop) { l.log = log } }

// New builds a loop. handlers is keyed by the value of attribute.
func New(api API, queueURL, attribute string, handlers map[string]HandlerFunc, mw []Middleware, opts ...Option) *Loop {
	wrapped := make(map[string]HandlerFunc, len(handlers))
	for k, h := range handlers {
		for i := len(mw) - 1; i >= 0; i-- {
			h = mw[i](h)
		}
		wrapped[k] = h
	}
	l := &Loop{
		api:        api,
		queueURL:   queueURL,
		attribute:  attribute,
		handlers:   wrapped,
		log:        slog.Default(),
		wait:       20,
		batch:      10,
		visibility: 60,
		timeout:    45 * time.Second,
	}
	for _, o := range opts {
		o(l)
	}
	return l
}

// Run polls until ctx is cancelled.
func (l *Loop) Run(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		out, err := l.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:              aws.String(l.queueURL),
			MaxNumberOfMessages:   l.batch,
			WaitTimeSeconds:       l.wait,
			VisibilityTimeout:     l.visibility,
			MessageAttributeNames: []string{"All"},
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
				types.MessageSystemAttributeNameMessageGroupId,
			},
		})
		if err != nil {
			l.log.ErrorContext(ctx, "sqs receive failed", "err", err)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(2 * time.Second):
			}
			continue
		}
		for _, m := range out.Messages {
			l.dispatch(ctx, m)
		}
	}
}

func (l *Loop) dispatch(ctx context.Context, raw types.Message) {
	m := Message{
		ID:   aws.ToString(raw.MessageId),
		Body: []byte(aws.ToString(raw.Body)),
	}
	if v, ok := raw.MessageAttributes[l.attribute]; ok {
		m.EventType = aws.ToString(v.StringValue)
	}
	m.GroupID = raw.Attributes[string(types.MessageSystemAttributeNameMessageGroupId)]
	m.ReceiveCount, _ = strconv.Atoi(raw.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])

	h, ok := l.handlers[m.EventType]
	if !ok {
		l.log.WarnContext(ctx, "no handler for event type; leaving for DLQ", "event_type", m.EventType, "message_id", m.ID)
		return
	}

	hctx, cancel := context.WithTimeout(ctx, l.timeout)
	defer cancel()
	if err := h(hctx, m); err != nil {
		l.log.ErrorContext(ctx, "handler failed; message will be redelivered",
			"event_type", m.EventType, "message_id", m.ID, "receive_count", m.ReceiveCount, "err", err)
		return
	}
	if _, err := l.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(l.queueURL),
		ReceiptHandle: raw.ReceiptHandle,
	}); err != nil {
		l.log.ErrorContext(ctx, "sqs delete failed", "message_id", m.ID, "err", err)
	}
}

// Recover turns handler panics into errors so the message is redelivered.
func Recover(next HandlerFunc) HandlerFunc {
	return func(ctx context.Context, m Message) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic in %s handler: %v\n%s", m.EventType, r, debug.Stack())
			}
		}()
		return next(ctx, m)
	}
}

// Logging logs handler latency.
func Logging(log *slog.Logger) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, m Message) error {
			start := time.Now()
			err := next(ctx, m)
			log.DebugContext(ctx, "sqs handled", "event_type", m.EventType, "message_id", m.ID,
				"dur_ms", time.Since(start).Milliseconds(), "ok", err == nil)
			return err
		}
	}
}
