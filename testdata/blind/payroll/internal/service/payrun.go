package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/oklog/ulid/v2"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/events"
	"github.com/acme/payroll/internal/jobs"
	"github.com/acme/payroll/internal/providers/mail"
	"github.com/acme/payroll/internal/refcode"
	"github.com/acme/payroll/internal/render"
)

type PayLine struct {
	EmployeeID uuid.UUID `json:"employee_id"`
	GrossCents int64     `json:"gross_cents"`
	TaxCents   int64     `json:"tax_cents"`
}

type SubmitPayRunInput struct {
	CompanyID   uuid.UUID
	Kind        string
	PeriodStart time.Time
	PeriodEnd   time.Time
	PayDate     time.Time
	Lines       []PayLine
	SubmittedBy string
}

type EmailReport struct {
	Sent    int `json:"sent"`
	Skipped int `json:"skipped"`
}

type PayrunService interface {
	Submit(ctx context.Context, in SubmitPayRunInput) (*domain.PayRun, error)
	Approve(ctx context.Context, runID, approver string) (*domain.PayRun, error)
	EmailPayslips(ctx context.Context, runID, actor string) (EmailReport, error)
	Get(ctx context.Context, runID string) (*domain.PayRun, error)
}

type payrunService struct {
	uow       UnitOfWork
	payruns   PayRunRepository
	payouts   PayoutRepository
	employees EmployeeRepository
	companies CompanyRepository
	audit     AuditLog
	mailer    Mailer
	jobs      JobInserter
	events    EventPublisher
	log       *slog.Logger

	newRunID func() string
	now      func() time.Time
}

func NewPayrunService(u UnitOfWork, r PayRunRepository, p PayoutRepository, e EmployeeRepository, c CompanyRepository,
	a AuditLog, m Mailer, j JobInserter, ev EventPublisher, log *slog.Logger) PayrunService {
	return &payrunService{
		uow: u, payruns: r, payouts: p, employees: e, companies: c, audit: a, mailer: m, jobs: j, events: ev, log: log,
		newRunID: func() string { return ulid.Make().String() },
		now:      time.Now,
	}
}

func (s *payrunService) Submit(ctx context.Context, in SubmitPayRunInput) (*domain.PayRun, error) {
	if len(in.Lines) == 0 {
		return nil, fmt.Errorf("%w: a pay run needs at least one line", domain.ErrValidation)
	}
	if !in.PeriodEnd.After(in.PeriodStart) || in.PayDate.Before(in.PeriodStart) {
		return nil, fmt.Errorf("%w: inconsistent period or pay date", domain.ErrValidation)
	}
	company, err := s.companies.Get(ctx, in.CompanyID)
	if err != nil {
		return nil, err
	}
	if in.Kind == "" {
		in.Kind = "regular"
	}

	run := &domain.PayRun{
		ID:          s.newRunID(),
		CompanyID:   in.CompanyID,
		Reference:   refcode.New("PR"),
		Kind:        in.Kind,
		PeriodStart: in.PeriodStart,
		PeriodEnd:   in.PeriodEnd,
		PayDate:     in.PayDate,
		Status:      domain.PayRunSubmitted,
		Currency:    company.Currency,
		CreatedAt:   s.now(),
	}
	slips := make([]domain.Payslip, 0, len(in.Lines))
	seen := make(map[uuid.UUID]bool, len(in.Lines))
	for _, l := range in.Lines {
		if seen[l.EmployeeID] {
			return nil, fmt.Errorf("%w: employee %s listed twice", domain.ErrValidation, l.EmployeeID)
		}
		seen[l.EmployeeID] = true
		if l.GrossCents <= 0 || l.TaxCents < 0 || l.TaxCents > l.GrossCents {
			return nil, fmt.Errorf("%w: bad amounts for employee %s", domain.ErrValidation, l.EmployeeID)
		}
		net := l.GrossCents - l.TaxCents
		run.TotalCents += net
		slips = append(slips, domain.Payslip{
			ID: uuid.New(), PayRunID: run.ID, EmployeeID: l.EmployeeID,
			GrossCents: l.GrossCents, TaxCents: l.TaxCents, NetCents: net,
		})
	}

	err = s.uow.Do(ctx, func(ctx context.Context) error {
		for id := range seen {
			emp, err := s.employees.Get(ctx, id)
			if err != nil {
				return fmt.Errorf("employee %s: %w", id, err)
			}
			if emp.CompanyID != in.CompanyID {
				return fmt.Errorf("%w: employee %s belongs to another company", domain.ErrValidation, id)
			}
		}
		if err := s.payruns.InsertRun(ctx, run); err != nil {
			return err
		}
		if err := s.payruns.InsertPayslips(ctx, slips); err != nil {
			return err
		}
		return s.audit.Append(ctx, in.SubmittedBy, "payrun.submitted", run.ID, map[string]any{
			"reference": run.Reference, "lines": len(slips), "total_cents": run.TotalCents,
		})
	})
	if err != nil {
		return nil, err
	}
	return run, nil
}

func (s *payrunService) Approve(ctx context.Context, runID, approver string) (*domain.PayRun, error) {
	run, changed, err := s.payouts.ApproveRun(ctx, runID, approver, func(ctx context.Context, tx pgx.Tx) error {
		_, err := s.jobs.InsertTx(ctx, tx, jobs.PayoutBatchArgs{PayRunID: runID}, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	if !changed {
		if run.Status == domain.PayRunApproved || run.Status == domain.PayRunPaid {
			return run, nil
		}
		return nil, fmt.Errorf("%w: pay run is %s", domain.ErrInvalidState, run.Status)
	}
	evt := events.PayRunApproved{
		PayRunID: run.ID, CompanyID: run.CompanyID, Reference: run.Reference,
		TotalCents: run.TotalCents, Currency: run.Currency, ApprovedBy: approver,
	}
	if run.ApprovedAt != nil {
		evt.ApprovedAt = *run.ApprovedAt
	}
	if err := s.events.Publish(ctx, events.TopicPayRunApproved, evt); err != nil {
		// Payouts are already queued; the ledger posting can be replayed by ops.
		s.log.Error("publish payrun.approved failed", "run", run.ID, "err", err)
	}
	return run, nil
}

// EmailPayslips sends any payslip of the run that has not been emailed yet.
func (s *payrunService) EmailPayslips(ctx context.Context, runID, actor string) (EmailReport, error) {
	var rep EmailReport
	run, err := s.payruns.GetRun(ctx, runID)
	if err != nil {
		return rep, err
	}
	if run.Status != domain.PayRunApproved && run.Status != domain.PayRunPaid {
		return rep, fmt.Errorf("%w: payslips can only be sent for approved runs", domain.ErrInvalidState)
	}
	company, err := s.companies.Get(ctx, run.CompanyID)
	if err != nil {
		return rep, err
	}
	slips, err := s.payruns.ListPayslips(ctx, runID)
	if err != nil {
		return rep, err
	}
	for i := range slips {
		slip := &slips[i]
		if slip.EmailedAt != nil {
			rep.Skipped++
			continue
		}
		emp, err := s.employees.Get(ctx, slip.EmployeeID)
		if err != nil {
			return rep, err
		}
		if emp.EmailBounced {
			rep.Skipped++
			continue
		}
		if _, err := s.mailer.Send(ctx, mail.Message{
			To:       emp.Email,
			ReplyTo:  company.PayslipReplyTo,
			Subject:  render.PayslipSubject(company, run),
			HTML:     render.PayslipHTML(company, run, emp, slip),
			Tags:     []string{"payslip", "manual"},
			Metadata: map[string]string{"payslip_id": slip.ID.String()},
		}); err != nil {
			return rep, fmt.Errorf("send payslip %s: %w", slip.ID, err)
		}
		if err := s.payruns.MarkPayslipEmailed(ctx, slip.ID); err != nil {
			return rep, err
		}
		rep.Sent++
	}
	_ = s.audit.Append(ctx, actor, "payslips.emailed", runID, rep)
	return rep, nil
}

func (s *payrunService) Get(ctx context.Context, runID string) (*domain.PayRun, error) {
	run, err := s.payruns.GetRun(ctx, runID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, fmt.Errorf("pay run %s: %w", runID, err)
	}
	return run, err
}
