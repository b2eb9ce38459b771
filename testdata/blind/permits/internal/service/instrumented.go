package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/platform/metrics"
)

// observe times fn, records the outcome under op and logs failures.
func observe[T any](ctx context.Context, rec metrics.Recorder, log *slog.Logger, op string, fn func() (T, error)) (T, error) {
	start := time.Now()
	out, err := fn()
	rec.Observe(op, start, err)
	if err != nil {
		log.WarnContext(ctx, "operation failed", "op", op, "err", err, "duration_ms", time.Since(start).Milliseconds())
	}
	return out, err
}

type instrumentedApplications struct {
	next Applications
	rec  metrics.Recorder
	log  *slog.Logger
}

// InstrumentApplications decorates Applications with metrics and logging.
func InstrumentApplications(next Applications, rec metrics.Recorder, log *slog.Logger) Applications {
	return &instrumentedApplications{next: next, rec: rec, log: log}
}

func (i *instrumentedApplications) Create(ctx context.Context, residentID uuid.UUID, in CreateApplicationInput) (*permits.Application, error) {
	return observe(ctx, i.rec, i.log, "applications.create", func() (*permits.Application, error) {
		return i.next.Create(ctx, residentID, in)
	})
}

func (i *instrumentedApplications) Get(ctx context.Context, residentID uuid.UUID, id string) (*permits.Application, error) {
	return observe(ctx, i.rec, i.log, "applications.get", func() (*permits.Application, error) {
		return i.next.Get(ctx, residentID, id)
	})
}

func (i *instrumentedApplications) Amend(ctx context.Context, residentID uuid.UUID, id string, in AmendInput) (*AmendResult, error) {
	return observe(ctx, i.rec, i.log, "applications.amend", func() (*AmendResult, error) {
		return i.next.Amend(ctx, residentID, id, in)
	})
}

func (i *instrumentedApplications) Withdraw(ctx context.Context, residentID uuid.UUID, id string) (*permits.Application, error) {
	return observe(ctx, i.rec, i.log, "applications.withdraw", func() (*permits.Application, error) {
		return i.next.Withdraw(ctx, residentID, id)
	})
}

func (i *instrumentedApplications) AddComment(ctx context.Context, author Author, id string, body string) (*permits.Comment, error) {
	return observe(ctx, i.rec, i.log, "applications.add_comment", func() (*permits.Comment, error) {
		return i.next.AddComment(ctx, author, id, body)
	})
}

type instrumentedInspections struct {
	next Inspections
	rec  metrics.Recorder
	log  *slog.Logger
}

// InstrumentInspections decorates Inspections with metrics and logging.
func InstrumentInspections(next Inspections, rec metrics.Recorder, log *slog.Logger) Inspections {
	return &instrumentedInspections{next: next, rec: rec, log: log}
}

func (i *instrumentedInspections) Book(ctx context.Context, residentID uuid.UUID, applicationID string, in BookInput) (*permits.Inspection, error) {
	return observe(ctx, i.rec, i.log, "inspections.book", func() (*permits.Inspection, error) {
		return i.next.Book(ctx, residentID, applicationID, in)
	})
}

func (i *instrumentedInspections) Cancel(ctx context.Context, residentID uuid.UUID, inspectionID uuid.UUID) (*permits.Inspection, error) {
	return observe(ctx, i.rec, i.log, "inspections.cancel", func() (*permits.Inspection, error) {
		return i.next.Cancel(ctx, residentID, inspectionID)
	})
}

func (i *instrumentedInspections) RecordResult(ctx context.Context, staffID uuid.UUID, inspectionID uuid.UUID, in ResultInput) (*permits.InspectionResult, error) {
	return observe(ctx, i.rec, i.log, "inspections.record_result", func() (*permits.InspectionResult, error) {
		return i.next.RecordResult(ctx, staffID, inspectionID, in)
	})
}

func (i *instrumentedInspections) AssignInspector(ctx context.Context, ev PartnerEvent) error {
	_, err := observe(ctx, i.rec, i.log, "inspections.assign_inspector", func() (struct{}, error) {
		return struct{}{}, i.next.AssignInspector(ctx, ev)
	})
	return err
}

func (i *instrumentedInspections) CompleteFromPartner(ctx context.Context, ev PartnerEvent) error {
	_, err := observe(ctx, i.rec, i.log, "inspections.complete_from_partner", func() (struct{}, error) {
		return struct{}{}, i.next.CompleteFromPartner(ctx, ev)
	})
	return err
}

func (i *instrumentedInspections) ReleaseStale(ctx context.Context, olderThan time.Duration) (int, error) {
	return observe(ctx, i.rec, i.log, "inspections.release_stale", func() (int, error) {
		return i.next.ReleaseStale(ctx, olderThan)
	})
}

type instrumentedFees struct {
	next Fees
	rec  metrics.Recorder
	log  *slog.Logger
}

// InstrumentFees decorates Fees with metrics and logging.
func InstrumentFees(next Fees, rec metrics.Recorder, log *slog.Logger) Fees {
	return &instrumentedFees{next: next, rec: rec, log: log}
}

func (i *instrumentedFees) StartPayment(ctx context.Context, residentID uuid.UUID, applicationID string) (*Checkout, error) {
	return observe(ctx, i.rec, i.log, "fees.start_payment", func() (*Checkout, error) {
		return i.next.StartPayment(ctx, residentID, applicationID)
	})
}

func (i *instrumentedFees) StaffRefund(ctx context.Context, in StaffRefundInput) (*permits.Refund, error) {
	return observe(ctx, i.rec, i.log, "fees.staff_refund", func() (*permits.Refund, error) {
		return i.next.StaffRefund(ctx, in)
	})
}

func (i *instrumentedFees) RefundForWithdrawal(ctx context.Context, applicationID string) error {
	_, err := observe(ctx, i.rec, i.log, "fees.refund_for_withdrawal", func() (struct{}, error) {
		return struct{}{}, i.next.RefundForWithdrawal(ctx, applicationID)
	})
	return err
}
