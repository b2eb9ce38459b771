// Package funcsvc is a service whose methods another package binds to
// its routes.
package funcsvc

import "context"

// A Voided event.
type Voided struct{ OrderID string }

// Service voids orders.
type Service struct{}

// Void voids an order.
func (s *Service) Void(ctx context.Context, v Voided) error { return nil }
