package interment

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider/httpjson"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
)

// LoggedPartner decorates a provider.FuneralHome so that every call,
// successful or not, leaves a row in partner_call_attempts. Operations use
// the log to reconcile with the partner's own call history.
type LoggedPartner struct {
	next provider.FuneralHome
	repo repository.Interments
	log  *zap.Logger
	now  func() time.Time
}

// NewLoggedPartner wraps next.
func NewLoggedPartner(next provider.FuneralHome, repo repository.Interments, log *zap.Logger) provider.FuneralHome {
	return &LoggedPartner{next: next, repo: repo, log: log, now: time.Now}
}

func (p *LoggedPartner) Book(ctx context.Context, req provider.BookingRequest, opts ...provider.CallOption) (provider.Booking, error) {
	start := p.now()
	b, err := p.next.Book(ctx, req, opts...)
	p.record(ctx, "book", provider.Apply(opts).Subject, start, err)
	return b, err
}

func (p *LoggedPartner) Reschedule(ctx context.Context, ref string, at time.Time, opts ...provider.CallOption) error {
	start := p.now()
	err := p.next.Reschedule(ctx, ref, at, opts...)
	p.record(ctx, "reschedule", provider.Apply(opts).Subject, start, err)
	return err
}

func (p *LoggedPartner) record(ctx context.Context, op, subject string, start time.Time, callErr error) {
	a := domain.PartnerCallAttempt{
		ID:          uuid.NewString(),
		IntermentID: subject,
		Operation:   op,
		DurationMS:  p.now().Sub(start).Milliseconds(),
		AttemptedAt: start.UTC(),
	}
	var se *httpjson.StatusError
	switch {
	case callErr == nil:
		a.StatusCode = sql.NullInt32{Int32: 200, Valid: true}
	case errors.As(callErr, &se):
		a.StatusCode = sql.NullInt32{Int32: int32(se.Code), Valid: true}
		a.Error = sql.NullString{String: callErr.Error(), Valid: true}
	default:
		a.Error = sql.NullString{String: callErr.Error(), Valid: true}
	}
	if err := p.repo.RecordCallAttempt(context.WithoutCancel(ctx), a); err != nil {
		p.log.Warn("record partner call attempt", zap.String("op", op), zap.Error(err))
	}
}
