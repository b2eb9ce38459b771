package rx

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
)

// API is the prescription service as seen by transports.
type API interface {
	Submit(ctx context.Context, req SubmitRequest) (*domain.Prescription, error)
	Renew(ctx context.Context, req RenewRequest) (*domain.PrescriptionRenewal, error)
	Cancel(ctx context.Context, id uuid.UUID, reason string) (*domain.Prescription, error)
}

var _ API = (*Service)(nil)

// Audited wraps an API with the audit log required for controlled
// substance workflows.
func Audited(next API, log *slog.Logger) API { return &audited{next: next, log: log} }

type audited struct {
	next API
	log  *slog.Logger
}

func (a *audited) Submit(ctx context.Context, req SubmitRequest) (*domain.Prescription, error) {
	start := time.Now()
	rx, err := a.next.Submit(ctx, req)
	a.log.Info("rx.submit", "appointment", req.AppointmentID, "line", req.LineNo, "ndc", req.NDC,
		"prescriber", req.PrescriberID, "dur", time.Since(start), "err", err)
	return rx, err
}

func (a *audited) Renew(ctx context.Context, req RenewRequest) (*domain.PrescriptionRenewal, error) {
	start := time.Now()
	rn, err := a.next.Renew(ctx, req)
	a.log.Info("rx.renew", "prescription", req.PrescriptionID, "seq", req.Seq, "qty", req.Quantity,
		"clinician", req.ClinicianID, "dur", time.Since(start), "err", err)
	return rn, err
}

func (a *audited) Cancel(ctx context.Context, id uuid.UUID, reason string) (*domain.Prescription, error) {
	start := time.Now()
	rx, err := a.next.Cancel(ctx, id, reason)
	a.log.Info("rx.cancel", "prescription", id, "reason", reason, "dur", time.Since(start), "err", err)
	return rx, err
}
