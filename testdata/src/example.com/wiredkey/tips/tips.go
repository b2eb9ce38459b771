// Package tips charges tips through the provider's client, which its
// constructor keeps as a function value or as the client itself.
package tips

import (
	"context"

	"example.com/wiredkey/app"
	"example.com/wiredkey/pay"
)

// ChargeFunc charges through the provider.
type ChargeFunc func(ctx context.Context, req app.ChargeRequest) (string, error)

// Service charges tips.
type Service struct {
	charge ChargeFunc
	gw     pay.Gateway
}

// New returns the Service main wires, charging through gw.
func New(gw pay.Gateway) *Service {
	return &Service{charge: gw.Charge, gw: gw}
}

// Tip charges with a request that leaves the client's key empty: the
// client sends no key.
func (s *Service) Tip(ctx context.Context, total int64) error {
	_, err := s.charge(ctx, app.ChargeRequest{Amount: total}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Tip\)`
	return err
}

// TipDirect calls the client itself, with no key either.
func (s *Service) TipDirect(ctx context.Context, total int64) error {
	_, err := s.gw.Charge(ctx, app.ChargeRequest{Amount: total}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.TipDirect\)`
	return err
}

// TipKeyed charges under the caller's key, which the client sends.
func (s *Service) TipKeyed(ctx context.Context, key string, total int64) error {
	_, err := s.charge(ctx, app.ChargeRequest{Amount: total, Key: key})
	return err
}
