// Package underwriting decides refund advance applications from the
// customer's return data and a soft credit inquiry.
package underwriting

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/platform/retryx"
	"github.com/refundbridge/advance/internal/providers/bureau"
	"github.com/refundbridge/advance/internal/providers/taxprep"
	"github.com/refundbridge/advance/internal/repository"
	"github.com/refundbridge/advance/internal/service"
)

// Service implements service.Underwriting.
type Service struct {
	Tx           repository.TxManager
	Applications repository.Applications
	Customers    repository.Customers
	Partners     repository.Partners
	Reports      repository.CreditReports
	Attempts     repository.UnderwritingAttempts
	Decisions    repository.Decisions
	Bureau       service.CreditBureau
	TaxPrep      service.TaxPrep
	Queue        service.TaskQueue
	Log          *slog.Logger
	Now          func() time.Time
}

var _ service.Underwriting = (*Service)(nil)

// Underwrite runs automated underwriting. Once a decision is recorded,
// further runs only repeat the follow-ups (partner status and next task).
func (s *Service) Underwrite(ctx context.Context, applicationID uuid.UUID) error {
	app, err := s.Applications.Get(ctx, applicationID)
	if err != nil {
		return err
	}
	switch {
	case app.Status.Decided():
		return s.followUp(ctx, app)
	case app.Status == domain.StatusSubmitted:
		if _, err := s.Applications.Transition(ctx, app.ID,
			[]domain.ApplicationStatus{domain.StatusSubmitted}, domain.StatusUnderwriting); err != nil {
			return err
		}
	case app.Status == domain.StatusUnderwriting:
	default:
		s.Log.InfoContext(ctx, "underwriting skipped", "application_id", app.ID, "status", app.Status)
		return nil
	}

	partner, err := s.Partners.Get(ctx, app.PartnerID)
	if err != nil {
		return err
	}
	customer, err := s.Customers.Get(ctx, app.CustomerID)
	if err != nil {
		return err
	}

	attempt := domain.UnderwritingAttempt{
		ID:            uuid.New(),
		ApplicationID: app.ID,
		Outcome:       "started",
		StartedAt:     s.Now(),
	}
	if err := s.Attempts.Start(ctx, &attempt); err != nil {
		return err
	}
	finish := func(outcome string, cause error) {
		detail := ""
		if cause != nil {
			detail = cause.Error()
		}
		if err := s.Attempts.Finish(ctx, attempt.ID, outcome, detail, s.Now()); err != nil {
			s.Log.WarnContext(ctx, "record underwriting attempt", "attempt_id", attempt.ID, "err", err)
		}
	}

	report, err := s.Bureau.SoftPull(ctx, inquiryFor(customer))
	if err != nil {
		finish("bureau_error", err)
		return fmt.Errorf("soft pull: %w", err)
	}

	ret, err := retry.DoWithData(func() (taxprep.ReturnSummary, error) {
		return s.TaxPrep.GetReturn(ctx, partner.Code, app.PartnerReturnRef)
	}, retryx.Partner(ctx, retryx.Logged(s.Log, "taxprep.get_return"))...)
	if err != nil {
		finish("return_unavailable", err)
		return fmt.Errorf("read return %s: %w", app.PartnerReturnRef, err)
	}

	result := Evaluate(Input{Application: app, Report: report, Return: ret})
	decidedAt := s.Now()
	decision := domain.UnderwritingDecision{
		ID:                  uuid.New(),
		ApplicationID:       app.ID,
		Outcome:             result.Outcome,
		ApprovedAmountCents: result.ApprovedCents,
		FeeCents:            result.FeeCents,
		ReasonCodes:         strings.Join(result.ReasonCodes, ","),
		PolicyVersion:       PolicyVersion,
		DecidedBy:           "auto",
		DecidedAt:           decidedAt,
	}

	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Reports.Save(ctx, &domain.CreditReport{
			ID:             uuid.New(),
			ApplicationID:  app.ID,
			Bureau:         "softpull",
			InquiryRef:     report.InquiryID,
			Score:          report.Score,
			OpenTradelines: report.OpenTradelines,
			Delinquencies:  report.Delinquencies,
			Bankruptcy:     report.Bankruptcy,
			PulledAt:       report.PulledAt,
		}); err != nil {
			return err
		}
		inserted, err := s.Decisions.Insert(ctx, &decision)
		if err != nil || !inserted {
			return err
		}
		_, err = s.Applications.ApplyDecision(ctx, app.ID, decision)
		return err
	})
	if err != nil {
		finish("error", err)
		return fmt.Errorf("record decision: %w", err)
	}
	finish(string(result.Outcome), nil)

	app, err = s.Applications.Get(ctx, app.ID)
	if err != nil {
		return err
	}
	return s.followUp(ctx, app)
}

// followUp publishes the decision to the partner and schedules the next step.
// It runs again on every later delivery of the task: the status PUT replaces
// the partner's state and the next task is keyed by application.
func (s *Service) followUp(ctx context.Context, app domain.Application) error {
	if !app.Status.Decided() {
		return nil
	}
	partner, err := s.Partners.Get(ctx, app.PartnerID)
	if err != nil {
		return err
	}
	st := taxprep.BankProductStatus{
		Status:       app.Status.PartnerStatus(),
		AdvanceCents: app.ApprovedAmountCents,
		FeeCents:     app.FeeCents,
		UpdatedAt:    s.Now(),
	}
	if app.Status == domain.StatusDeclined {
		d, err := s.Decisions.ByApplication(ctx, app.ID)
		if err != nil {
			return err
		}
		st.DeclineReasons = strings.Split(d.ReasonCodes, ",")
	}
	err = retry.Do(func() error {
		return s.TaxPrep.PutBankProductStatus(ctx, partner.Code, app.PartnerReturnRef, st)
	}, retryx.Partner(ctx, retryx.Logged(s.Log, "taxprep.put_status"))...)
	if err != nil {
		return fmt.Errorf("report decision to partner: %w", err)
	}

	switch app.Status {
	case domain.StatusApproved:
		return s.Queue.Disburse(ctx, app.ID)
	case domain.StatusDeclined:
		return s.Queue.AdverseAction(ctx, app.ID)
	}
	return nil
}

func inquiryFor(c domain.Customer) bureau.InquiryRequest {
	return bureau.InquiryRequest{
		FirstName:       c.FirstName,
		LastName:        c.LastName,
		SSNHash:         c.SSNHash,
		DateOfBirth:     c.DateOfBirth.Format("2006-01-02"),
		Address1:        c.Address1,
		City:            c.City,
		State:           c.State,
		PostalCode:      c.PostalCode,
		PermissiblePurp: "credit_transaction",
		Product:         "refund_advance_v2",
	}
}
