package payments

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/storage/repo"
)

// RetryPolicy bounds the retrying decorator.
type RetryPolicy struct {
	InitialInterval time.Duration
	MaxInterval     time.Duration
	MaxElapsed      time.Duration
}

// DefaultRetryPolicy is used for interactive and background calls alike.
var DefaultRetryPolicy = RetryPolicy{
	InitialInterval: 300 * time.Millisecond,
	MaxInterval:     3 * time.Second,
	MaxElapsed:      20 * time.Second,
}

type retrying struct {
	next   Gateway
	policy RetryPolicy
	log    *zap.Logger
}

// WithRetry wraps g so that transient failures (timeouts, 429, 5xx) are
// retried with exponential backoff. The call options, including any
// idempotency key, are reused for every attempt.
func WithRetry(g Gateway, p RetryPolicy, log *zap.Logger) Gateway {
	return &retrying{next: g, policy: p, log: log}
}

func retry[T any](ctx context.Context, r *retrying, op string, fn func() (T, error)) (T, error) {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = r.policy.InitialInterval
	b.MaxInterval = r.policy.MaxInterval
	b.MaxElapsedTime = r.policy.MaxElapsed
	attempt := 0
	return backoff.RetryNotifyWithData(func() (T, error) {
		attempt++
		v, err := fn()
		if err != nil && !IsTransient(err) {
			return v, backoff.Permanent(err)
		}
		return v, err
	}, backoff.WithContext(b, ctx), func(err error, wait time.Duration) {
		r.log.Warn("gateway call failed, retrying", zap.String("op", op),
			zap.Int("attempt", attempt), zap.Duration("wait", wait), zap.Error(err))
	})
}

func (r *retrying) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error) {
	return retry(ctx, r, "charge", func() (*ChargeResult, error) { return r.next.Charge(ctx, req, opts...) })
}

func (r *retrying) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	return retry(ctx, r, "refund", func() (*RefundResult, error) { return r.next.Refund(ctx, req, opts...) })
}

func (r *retrying) Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*PayoutResult, error) {
	return retry(ctx, r, "payout", func() (*PayoutResult, error) { return r.next.Payout(ctx, req, opts...) })
}

type recording struct {
	next Gateway
	log  repo.AttemptLog
	zl   *zap.Logger
}

// WithAttemptLog wraps g so that every call is appended to payment_attempts.
func WithAttemptLog(g Gateway, log repo.AttemptLog, zl *zap.Logger) Gateway {
	return &recording{next: g, log: log, zl: zl}
}

func (r *recording) record(ctx context.Context, op, ref, result string, err error, start time.Time) {
	a := &domain.PaymentAttempt{
		ID:         ids.New(),
		Operation:  op,
		Reference:  ref,
		ResultCode: result,
		DurationMs: time.Since(start).Milliseconds(),
		CreatedAt:  time.Now().UTC(),
	}
	if err != nil {
		a.Error = err.Error()
		if api, ok := err.(*APIError); ok {
			a.HTTPStatus = api.Status
		}
	} else {
		a.HTTPStatus = 200
	}
	if werr := r.log.Record(context.WithoutCancel(ctx), a); werr != nil {
		r.zl.Warn("payment attempt not logged", zap.String("op", op), zap.Error(werr))
	}
}

func (r *recording) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error) {
	start := time.Now()
	res, err := r.next.Charge(ctx, req, opts...)
	code := ""
	if res != nil {
		code = res.ResultCode
	}
	r.record(ctx, "charge", req.Reference, code, err, start)
	return res, err
}

func (r *recording) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	start := time.Now()
	res, err := r.next.Refund(ctx, req, opts...)
	code := ""
	if res != nil {
		code = res.Status
	}
	r.record(ctx, "refund", req.Reference, code, err, start)
	return res, err
}

func (r *recording) Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*PayoutResult, error) {
	start := time.Now()
	res, err := r.next.Payout(ctx, req, opts...)
	code := ""
	if res != nil {
		code = res.ResultCode
	}
	r.record(ctx, "payout", req.Reference, code, err, start)
	return res, err
}
