package psp

import "context"

// Gateway is the PSP surface the payments domain depends on.
type Gateway interface {
	CreatePayment(ctx context.Context, req PaymentRequest, opts ...CallOption) (*Payment, error)
	FindByReference(ctx context.Context, reference string) (*Payment, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error)
}

var _ Gateway = (*Client)(nil)
