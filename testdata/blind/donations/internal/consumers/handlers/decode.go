// Package handlers adapts RabbitMQ deliveries to service calls.
package handlers

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kindredgive/donations/internal/platform/rabbit"
)

// typed turns a service method taking a decoded payload into a HandlerFunc.
// Undecodable payloads are dropped to the dead-letter queue.
func typed[T any](fn func(ctx context.Context, d rabbit.Delivery, v T) error) rabbit.HandlerFunc {
	return func(ctx context.Context, d rabbit.Delivery) error {
		var v T
		if err := json.Unmarshal(d.Body, &v); err != nil {
			return fmt.Errorf("%w: decode %s: %v", rabbit.ErrDrop, d.RoutingKey, err)
		}
		return fn(ctx, d, v)
	}
}
