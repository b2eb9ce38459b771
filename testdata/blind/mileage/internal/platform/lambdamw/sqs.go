package lambdamw

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-lambda-go/events"
)

// ErrUnknownType is returned for records whose type has no handler.
var ErrUnknownType = errors.New("no handler for message type")

// Permanent wraps an error that retrying cannot fix. The batch handler acks
// such records instead of reporting them as failures.
type Permanent struct{ Err error }

func (p Permanent) Error() string { return "permanent: " + p.Err.Error() }
func (p Permanent) Unwrap() error { return p.Err }

// TypeOf extracts the routing type of a record.
type TypeOf func(events.SQSMessage) string

// AttributeType routes on a string message attribute.
func AttributeType(name string) TypeOf {
	return func(m events.SQSMessage) string {
		if a, ok := m.MessageAttributes[name]; ok && a.StringValue != nil {
			return *a.StringValue
		}
		return ""
	}
}

// Router dispatches records to handlers by type.
type Router struct {
	typeOf   TypeOf
	handlers map[string]RecordHandler[events.SQSMessage]
}

// NewRouter returns a Router using typeOf.
func NewRouter(typeOf TypeOf) *Router {
	return &Router{typeOf: typeOf, handlers: map[string]RecordHandler[events.SQSMessage]{}}
}

// Handle registers h for type t, decorated with mws.
func (r *Router) Handle(t string, h RecordHandler[events.SQSMessage], mws ...RecordMiddleware[events.SQSMessage]) {
	r.handlers[t] = ChainRecord(h, mws...)
}

// Dispatch routes one record.
func (r *Router) Dispatch(ctx context.Context, msg events.SQSMessage) error {
	t := r.typeOf(msg)
	h, ok := r.handlers[t]
	if !ok {
		return Permanent{fmt.Errorf("%w: %q", ErrUnknownType, t)}
	}
	return h(ctx, msg)
}

// Batch turns a record handler into an SQS handler that reports partial
// batch failures, so only failed records are redelivered.
func Batch(h RecordHandler[events.SQSMessage], onPermanent func(ctx context.Context, msg events.SQSMessage, err error)) Handler[events.SQSEvent, events.SQSEventResponse] {
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var resp events.SQSEventResponse
		for _, msg := range ev.Records {
			err := h(ctx, msg)
			if err == nil {
				continue
			}
			var perm Permanent
			if errors.As(err, &perm) {
				if onPermanent != nil {
					onPermanent(ctx, msg, err)
				}
				continue
			}
			resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: msg.MessageId})
		}
		return resp, nil
	}
}
