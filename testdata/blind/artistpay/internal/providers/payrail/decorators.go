package payrail

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

type logging struct {
	next API
	log  *slog.Logger
}

// WithLogging logs every call made through next.
func WithLogging(next API) API {
	return &logging{next: next, log: slog.Default().With("provider", "payrail")}
}

func (l *logging) CreateRecipient(ctx context.Context, req RecipientRequest, opts ...RequestOption) (*Recipient, error) {
	start := time.Now()
	r, err := l.next.CreateRecipient(ctx, req, opts...)
	l.log.InfoContext(ctx, "create recipient", "external_id", req.ExternalID, "took", time.Since(start), "err", err)
	return r, err
}

func (l *logging) CreateTransfer(ctx context.Context, req TransferRequest, opts ...RequestOption) (*Transfer, error) {
	start := time.Now()
	t, err := l.next.CreateTransfer(ctx, req, opts...)
	l.log.InfoContext(ctx, "create transfer", "reference", req.Reference, "amount", req.AmountMinor, "took", time.Since(start), "err", err)
	return t, err
}

func (l *logging) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	return l.next.GetTransfer(ctx, id)
}

func (l *logging) PushToCard(ctx context.Context, req CardPushRequest) (*CardPush, error) {
	start := time.Now()
	p, err := l.next.PushToCard(ctx, req)
	l.log.InfoContext(ctx, "card push", "client_reference", req.ClientReference, "took", time.Since(start), "err", err)
	return p, err
}

type retrying struct {
	next     API
	attempts int
	backoff  time.Duration
}

// WithRetry retries temporary failures of next. Requests are resent with
// the same options they were first made with.
func WithRetry(next API, attempts int) API {
	return &retrying{next: next, attempts: attempts, backoff: 300 * time.Millisecond}
}

func retry[T any](ctx context.Context, r *retrying, fn func() (T, error)) (T, error) {
	var (
		out T
		err error
	)
	for i := 0; i < r.attempts; i++ {
		out, err = fn()
		if err == nil || !temporary(err) {
			return out, err
		}
		select {
		case <-ctx.Done():
			return out, ctx.Err()
		case <-time.After(r.backoff * time.Duration(1<<i)):
		}
	}
	return out, err
}

func temporary(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Temporary()
	}
	return !errors.Is(err, context.Canceled)
}

func (r *retrying) CreateRecipient(ctx context.Context, req RecipientRequest, opts ...RequestOption) (*Recipient, error) {
	return retry(ctx, r, func() (*Recipient, error) { return r.next.CreateRecipient(ctx, req, opts...) })
}

func (r *retrying) CreateTransfer(ctx context.Context, req TransferRequest, opts ...RequestOption) (*Transfer, error) {
	return retry(ctx, r, func() (*Transfer, error) { return r.next.CreateTransfer(ctx, req, opts...) })
}

func (r *retrying) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	return retry(ctx, r, func() (*Transfer, error) { return r.next.GetTransfer(ctx, id) })
}

// PushToCard is not retried here; card pushes are settled in real time
// and callers decide what to do on failure.
func (r *retrying) PushToCard(ctx context.Context, req CardPushRequest) (*CardPush, error) {
	return r.next.PushToCard(ctx, req)
}
