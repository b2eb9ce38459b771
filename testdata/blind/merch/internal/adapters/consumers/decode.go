// Package consumers holds the Kafka message handlers the worker runs, one
// small struct per topic. Each decodes the message and calls a service.
package consumers

import (
	"encoding/json"

	"github.com/merchline/preorders/internal/adapters/kafka"
)

// decode unmarshals the message value into T. A payload that does not
// decode will never decode, so it is skipped rather than retried.
func decode[T any](msg kafka.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Value, &v); err != nil {
		return v, kafka.Skip("decode %s at offset %d: %v", msg.Topic, msg.Offset, err)
	}
	return v, nil
}
