package consumers

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
)

// PermanentError marks a message that can never be processed; the poison
// queue middleware moves it aside instead of redelivering it.
type PermanentError struct{ Err error }

func (e PermanentError) Error() string { return "permanent: " + e.Err.Error() }
func (e PermanentError) Unwrap() error { return e.Err }

// consume adapts a typed handler to watermill's NoPublishHandlerFunc.
func consume[T any](fn func(ctx context.Context, evt T, msg *message.Message) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			return PermanentError{Err: fmt.Errorf("decode %T: %w", evt, err)}
		}
		return fn(msg.Context(), evt, msg)
	}
}

// produce adapts a typed handler that emits follow-up messages.
func produce[T any](fn func(ctx context.Context, evt T, msg *message.Message) ([]*message.Message, error)) message.HandlerFunc {
	return func(msg *message.Message) ([]*message.Message, error) {
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			return nil, PermanentError{Err: fmt.Errorf("decode %T: %w", evt, err)}
		}
		return fn(msg.Context(), evt, msg)
	}
}
