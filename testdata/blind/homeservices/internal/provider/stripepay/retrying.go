package stripepay

import (
	"context"

	"github.com/tradeloop/homeservices/internal/platform/retry"
)

// retrying decorates a Gateway with the shared retry policy.
type retrying struct {
	next   Gateway
	policy retry.Policy
}

// WithRetry wraps g with p.
func WithRetry(g Gateway, p retry.Policy) Gateway {
	return &retrying{next: g, policy: p}
}

func (r *retrying) AuthorizeDeposit(ctx context.Context, req HoldRequest) (*Hold, error) {
	return retry.DoValue(ctx, r.policy, "stripe.authorize", func(ctx context.Context) (*Hold, error) {
		return r.next.AuthorizeDeposit(ctx, req)
	})
}

func (r *retrying) Capture(ctx context.Context, req CaptureRequest) (*Hold, error) {
	return retry.DoValue(ctx, r.policy, "stripe.capture", func(ctx context.Context) (*Hold, error) {
		return r.next.Capture(ctx, req)
	})
}

func (r *retrying) CancelHold(ctx context.Context, req CancelRequest) error {
	return retry.Do(ctx, r.policy, "stripe.cancel", func(ctx context.Context) error {
		return r.next.CancelHold(ctx, req)
	})
}

func (r *retrying) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	return retry.DoValue(ctx, r.policy, "stripe.refund", func(ctx context.Context) (*RefundResult, error) {
		return r.next.Refund(ctx, req)
	})
}

func (r *retrying) Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error) {
	return retry.DoValue(ctx, r.policy, "stripe.transfer", func(ctx context.Context) (*TransferResult, error) {
		return r.next.Transfer(ctx, req)
	})
}
