// Package service holds the billing, payment, direct-debit, work-order and
// notice use cases. Handlers, consumers and activities call into it.
package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/avast/retry-go/v4"

	"github.com/gridwell/utilities/internal/providers/bankpartner"
	"github.com/gridwell/utilities/internal/providers/gateway"
)

// CardGateway is the subset of the payment gateway the services use.
type CardGateway interface {
	CreateCharge(ctx context.Context, req gateway.ChargeRequest, opts ...gateway.CallOption) (*gateway.Charge, error)
	CreateRefund(ctx context.Context, req gateway.RefundRequest, opts ...gateway.CallOption) (*gateway.Refund, error)
}

// Bank is the subset of the bank partner API the services use.
type Bank interface {
	CreditorID() string
	RegisterMandate(ctx context.Context, req bankpartner.MandateRequest) (*bankpartner.MandateReceipt, error)
	SubmitCollection(ctx context.Context, req bankpartner.CollectionRequest) (*bankpartner.CollectionReceipt, error)
}

// Publisher publishes messages to Kafka topics.
type Publisher = message.Publisher

// Clock returns the current time; tests replace it.
type Clock func() time.Time

// SystemClock is the production clock.
func SystemClock() Clock { return func() time.Time { return time.Now().UTC() } }

// partnerRetry is the retry policy used around partner calls whose requests
// carry a stable deduplication key.
func partnerRetry(ctx context.Context, log *slog.Logger, op string) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(3),
		retry.Delay(300 * time.Millisecond),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(func(err error) bool {
			if ge, ok := err.(*gateway.APIError); ok {
				return ge.Temporary()
			}
			if be, ok := err.(*bankpartner.Error); ok {
				return be.Status >= 500
			}
			return true
		}),
		retry.OnRetry(func(n uint, err error) {
			log.WarnContext(ctx, "partner call retry", "op", op, "attempt", n+1, "err", err)
		}),
	}
}
