package messaging

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
)

// NewJSONMessage marshals payload into a new broker message.
func NewJSONMessage(payload any) (*message.Message, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("marshal %T: %w", payload, err)
	}
	msg := message.NewMessage(watermill.NewUUID(), body)
	msg.Metadata.Set("content-type", "application/json")
	return msg, nil
}

// NewMessageWithID wraps an already-encoded payload with a caller-chosen
// message id.
func NewMessageWithID(id string, body []byte) *message.Message {
	msg := message.NewMessage(id, body)
	msg.Metadata.Set("content-type", "application/json")
	return msg
}

// PublishJSON encodes payload and publishes it to topic.
func PublishJSON(ctx context.Context, pub message.Publisher, topic string, payload any) error {
	msg, err := NewJSONMessage(payload)
	if err != nil {
		return err
	}
	msg.SetContext(ctx)
	return pub.Publish(topic, msg)
}

// Decode unmarshals a message payload into T.
func Decode[T any](msg *message.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Payload, &v); err != nil {
		return v, fmt.Errorf("decode %s: %w", msg.UUID, err)
	}
	return v, nil
}
