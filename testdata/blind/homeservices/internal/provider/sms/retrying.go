package sms

import (
	"context"

	"github.com/tradeloop/homeservices/internal/platform/retry"
)

type retrying struct {
	next   API
	policy retry.Policy
}

// WithRetry wraps an API with the shared retry policy.
func WithRetry(next API, p retry.Policy) API {
	return &retrying{next: next, policy: p}
}

func (r *retrying) SendMessage(ctx context.Context, m Message) (*MessageResult, error) {
	return retry.DoValue(ctx, r.policy, "sms.send", func(ctx context.Context) (*MessageResult, error) {
		return r.next.SendMessage(ctx, m)
	})
}

func (r *retrying) PlaceCall(ctx context.Context, c Call) (*CallResult, error) {
	return retry.DoValue(ctx, r.policy, "sms.call", func(ctx context.Context) (*CallResult, error) {
		return r.next.PlaceCall(ctx, c)
	})
}

func (r *retrying) Relay(ctx context.Context, m RelayMessage) (*RelayResult, error) {
	return retry.DoValue(ctx, r.policy, "sms.relay", func(ctx context.Context) (*RelayResult, error) {
		return r.next.Relay(ctx, m)
	})
}
