package poller

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// snsNotification is the envelope SNS wraps messages in when the
// subscription does not use raw message delivery.
type snsNotification struct {
	Type      string `json:"Type"`
	MessageID string `json:"MessageId"`
	Message   string `json:"Message"`
}

// Body returns the message body, unwrapping an SNS notification if the
// queue is subscribed to a topic without raw delivery.
func Body(m types.Message) []byte {
	raw := []byte(aws.ToString(m.Body))
	var n snsNotification
	if err := json.Unmarshal(raw, &n); err == nil && n.Type == "Notification" && n.Message != "" {
		return []byte(n.Message)
	}
	return raw
}

// JSON adapts a typed handler to Handler, decoding the body into T.
// Decode failures are unprocessable.
func JSON[T any](fn func(ctx context.Context, m types.Message, body T) error) Handler {
	return func(ctx context.Context, m types.Message) error {
		var v T
		if err := json.Unmarshal(Body(m), &v); err != nil {
			return Unprocessable(fmt.Errorf("decode %s: %w", aws.ToString(m.MessageId), err))
		}
		return fn(ctx, m, v)
	}
}
