package payouts

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/provider/bankpartner"
	"github.com/amberfield-labs/honeycoop/internal/provider/httpx"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

// AttemptRecorder stores one row per partner call.
type AttemptRecorder interface {
	RecordAttempt(ctx context.Context, a *store.PayoutAttempt) error
}

type auditedPayer struct {
	next  Payer
	rec   AttemptRecorder
	log   *slog.Logger
	newID func() string
	now   func() time.Time
}

// WithAttemptLog wraps a Payer so that every call to the bank partner is
// written to payout_attempts, which finance reads when reconciling the
// partner's statement.
func WithAttemptLog(next Payer, rec AttemptRecorder, log *slog.Logger, newID func() string, now func() time.Time) Payer {
	return &auditedPayer{next: next, rec: rec, log: log, newID: newID, now: now}
}

func (a *auditedPayer) CreatePayout(ctx context.Context, req bankpartner.PayoutRequest) (*bankpartner.PayoutResponse, error) {
	resp, err := a.next.CreatePayout(ctx, req)
	row := &store.PayoutAttempt{
		ID:             a.newID(),
		Subject:        req.Reference,
		IdempotencyKey: req.IdempotencyKey,
		StatusCode:     200,
		AttemptedAt:    a.now(),
	}
	if err != nil {
		row.StatusCode = 0
		row.Error = err.Error()
		var se *httpx.StatusError
		if errors.As(err, &se) {
			row.StatusCode = se.Status
		}
	}
	if rerr := a.rec.RecordAttempt(context.WithoutCancel(ctx), row); rerr != nil {
		a.log.WarnContext(ctx, "record payout attempt", "err", rerr)
	}
	return resp, err
}
