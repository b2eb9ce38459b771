package payments

import (
	"context"
	"errors"

	"github.com/cyclegrid/bikeshare/internal/retry"
)

// RetryingGateway retries transient Stripe failures in-process.
type RetryingGateway struct {
	next   Gateway
	policy retry.Policy
}

func NewRetryingGateway(next Gateway, policy retry.Policy) *RetryingGateway {
	if policy.Retryable == nil {
		policy.Retryable = isTransient
	}
	return &RetryingGateway{next: next, policy: policy}
}

func (g *RetryingGateway) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	return retry.Retry(ctx, g.policy, func(ctx context.Context) (*Charge, error) {
		return g.next.Charge(ctx, req, opts...)
	})
}

func (g *RetryingGateway) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	return retry.Retry(ctx, g.policy, func(ctx context.Context) (*Refund, error) {
		return g.next.Refund(ctx, req, opts...)
	})
}

func isTransient(err error) bool {
	if errors.Is(err, ErrCardDeclined) {
		return false
	}
	var pe *ProviderError
	if errors.As(err, &pe) {
		return pe.Temporary()
	}
	return true
}

var _ Gateway = (*RetryingGateway)(nil)
