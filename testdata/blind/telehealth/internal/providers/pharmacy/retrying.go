package pharmacy

import (
	"context"

	"github.com/carelink/telehealth/internal/platform/retry"
)

// retrying decorates an API with backoff on transient failures.
type retrying struct {
	next   API
	policy retry.Policy
}

// WithRetry wraps api so transient failures are retried under policy.
func WithRetry(api API, policy retry.Policy) API {
	return &retrying{next: api, policy: policy}
}

func (r *retrying) Submit(ctx context.Context, o Order, opts ...CallOption) (OrderAck, error) {
	return retry.DoValue(ctx, r.policy, func() (OrderAck, error) {
		return r.next.Submit(ctx, o, opts...)
	})
}

func (r *retrying) Cancel(ctx context.Context, orderID, reason string, opts ...CallOption) error {
	return retry.Do(ctx, r.policy, func() error {
		return r.next.Cancel(ctx, orderID, reason, opts...)
	})
}

func (r *retrying) Renew(ctx context.Context, orderID string, rn Renewal, opts ...CallOption) (RenewalAck, error) {
	return retry.DoValue(ctx, r.policy, func() (RenewalAck, error) {
		return r.next.Renew(ctx, orderID, rn, opts...)
	})
}
