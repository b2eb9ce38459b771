// Package svc cancels registrations and refunds their fees through a
// gateway main wires.
package svc

import (
	"context"

	"example.com/wiredref/pay"
)

// Gateway refunds payments.
type Gateway interface {
	Refund(ctx context.Context, psp string, req pay.RefundRequest) error
}

// Service cancels registrations.
type Service struct{ Gateway Gateway }

// Cancel refunds the fee with the registration's reference for the
// statement, and no requestReference: the processor drops a repeat by
// the latter alone.
func (s *Service) Cancel(ctx context.Context, id string) error {
	return s.Gateway.Refund(ctx, "psp_"+id, pay.RefundRequest{Reference: "reg " + id, Amount: 100})
}

// CancelKeyed refunds it under the registration's refund.
func (s *Service) CancelKeyed(ctx context.Context, id string) error {
	return s.Gateway.Refund(ctx, "psp_"+id, pay.RefundRequest{RequestReference: "rf_" + id, Reference: "reg " + id, Amount: 100})
}
