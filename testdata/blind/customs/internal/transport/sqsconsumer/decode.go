package sqsconsumer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// JSON adapts a typed handler to a HandlerFunc by decoding the message body.
func JSON[T any](fn func(ctx context.Context, v T, meta Meta) error) HandlerFunc {
	return func(ctx context.Context, m types.Message) error {
		var v T
		if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &v); err != nil {
			return fmt.Errorf("decode %T: %w", v, err)
		}
		return fn(ctx, v, MetaOf(m))
	}
}

// snsEnvelope is the wrapper SNS puts around messages delivered to SQS
// without raw message delivery.
type snsEnvelope struct {
	Type      string `json:"Type"`
	MessageID string `json:"MessageId"`
	TopicArn  string `json:"TopicArn"`
	Message   string `json:"Message"`
}

// FromSNS adapts a typed handler for a queue subscribed to an SNS topic.
func FromSNS[T any](fn func(ctx context.Context, v T, meta Meta) error) HandlerFunc {
	return func(ctx context.Context, m types.Message) error {
		var env snsEnvelope
		if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &env); err != nil {
			return fmt.Errorf("decode sns envelope: %w", err)
		}
		var v T
		if err := json.Unmarshal([]byte(env.Message), &v); err != nil {
			return fmt.Errorf("decode %T: %w", v, err)
		}
		meta := MetaOf(m)
		if env.MessageID != "" {
			meta.MessageID = env.MessageID
		}
		return fn(ctx, v, meta)
	}
}
