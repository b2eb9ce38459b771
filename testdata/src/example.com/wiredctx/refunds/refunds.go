// Package refunds refunds payments with a provider that main wires.
package refunds

import (
	"context"

	"example.com/wiredctx/psp"
)

// Provider refunds and voids payments; psp.Client implements it.
type Provider interface {
	Refund(ctx context.Context, payment string, amount int64, opts ...psp.CallOption) error
	Void(ctx context.Context, payment string, opts ...psp.CallOption) error
}

// Service refunds payments.
type Service struct{ PSP Provider }

// Refund refunds amount of one payment, with the options that set no
// key: the fix passes the one that sets it, after the last argument.
func (s *Service) Refund(ctx context.Context, payment string, amount int64) error {
	return s.PSP.Refund(
		ctx,
		payment,
		amount,
		psp.WithReason("requested"),
	)
}

// VoidAll voids each payment: one key would name every void.
func (s *Service) VoidAll(ctx context.Context, payments []string) error {
	for _, p := range payments {
		if err := s.PSP.Void(ctx, p); err != nil {
			return err
		}
	}
	return nil
}
