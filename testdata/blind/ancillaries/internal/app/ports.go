// Package app holds the ancillaries use cases: command handlers behind the
// command bus and the processors driven by consumers, workers and jobs.
package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/gds"
	"github.com/skyway-air/ancillaries/internal/loyalty"
	"github.com/skyway-air/ancillaries/internal/notify"
	"github.com/skyway-air/ancillaries/internal/payments"
)

// GDS is the subset of the GDS partner client used by the use cases.
type GDS interface {
	IssueEMD(ctx context.Context, req gds.IssueRequest) (gds.EMD, error)
	ReissueEMD(ctx context.Context, number string, req gds.ReissueRequest) (gds.EMD, error)
	RefundEMD(ctx context.Context, number string, req gds.RefundEMDRequest) (gds.RefundRecord, error)
	AssociateEMD(ctx context.Context, number string, req gds.AssociateRequest) error
	HoldSeat(ctx context.Context, flightID string, req gds.SeatHoldRequest) error
}

// Loyalty is the subset of the partner programme client used by the use cases.
type Loyalty interface {
	Accrue(ctx context.Context, req loyalty.AccrualRequest, opts ...loyalty.CallOption) (loyalty.Receipt, error)
	UploadBatch(ctx context.Context, b loyalty.Batch, opts ...loyalty.CallOption) (loyalty.BatchReceipt, error)
}

// Clock returns the current time.
type Clock func() time.Time

// Deps are the collaborators shared by the use cases.
type Deps struct {
	Store    domain.Store
	Payments payments.Gateway
	GDS      GDS
	Loyalty  Loyalty
	SMS      notify.SMSSender
	Email    notify.EmailSender
	Logger   *slog.Logger
	Clock    Clock
}

func (d Deps) now() time.Time {
	if d.Clock != nil {
		return d.Clock()
	}
	return time.Now().UTC()
}

func (d Deps) log() *slog.Logger {
	if d.Logger != nil {
		return d.Logger
	}
	return slog.Default()
}

func dateOnly(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
