// Package applications handles loan applications and credit decisions.
package applications

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/apperr"
	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/ids"
	"github.com/brightpay/lending/internal/providers/bureau"
	"github.com/brightpay/lending/internal/repo"
)

// Bureau is the part of the bureau client the service uses.
type Bureau interface {
	RequestReport(ctx context.Context, req bureau.ReportRequest, opts ...bureau.CallOption) (*bureau.ReportResponse, error)
}

type Service interface {
	Submit(ctx context.Context, in SubmitInput) (db.Application, error)
	Cancel(ctx context.Context, customerID, applicationID string) (db.Application, error)
	RequestLimitIncrease(ctx context.Context, customerID string, requestedCents int64) (LimitDecision, error)
	StartCreditCheck(ctx context.Context, evt events.ApplicationSubmitted) error
	ApplyDecision(ctx context.Context, evt bureau.DecisionEvent) error
}

type SubmitInput struct {
	CustomerID  string
	MerchantID  string
	OrderRef    string
	AmountCents int64
	Currency    string
	TermMonths  int32
}

func (in SubmitInput) validate() error {
	switch {
	case in.CustomerID == "" || in.MerchantID == "" || in.OrderRef == "":
		return apperr.New(apperr.InvalidArgument, "customer, merchant and order are required")
	case in.AmountCents < 3000 || in.AmountCents > 300000:
		return apperr.New(apperr.InvalidArgument, "amount out of range")
	case in.TermMonths != 3 && in.TermMonths != 6 && in.TermMonths != 12:
		return apperr.New(apperr.InvalidArgument, "unsupported term %d", in.TermMonths)
	}
	return nil
}

type LimitDecision struct {
	RequestID     string
	Approved      bool
	NewLimitCents int64
}

type Config struct {
	CallbackURL      string
	OfferTTL         time.Duration
	MinScore         int
	DefaultAprBps    int32
	LimitReviewScore int
}

type service struct {
	store  repo.Store
	bureau Bureau
	cfg    Config
	log    *zap.Logger
	newID  func(prefix string) string
}

func New(store repo.Store, b Bureau, cfg Config, log *zap.Logger) Service {
	if cfg.OfferTTL == 0 {
		cfg.OfferTTL = 14 * 24 * time.Hour
	}
	return &service{store: store, bureau: b, cfg: cfg, log: log, newID: ids.New}
}

func (s *service) Submit(ctx context.Context, in SubmitInput) (db.Application, error) {
	if err := in.validate(); err != nil {
		return db.Application{}, err
	}
	if in.Currency == "" {
		in.Currency = "gbp"
	}
	cust, err := s.store.Applications().GetCustomer(ctx, in.CustomerID)
	if err != nil {
		return db.Application{}, fmt.Errorf("load customer: %w", err)
	}
	return repo.InTx(ctx, s.store, func(ctx context.Context, st repo.Store) (db.Application, error) {
		app, err := st.Applications().CreateApplication(ctx, db.CreateApplicationParams{
			ID:          s.newID("app"),
			CustomerID:  cust.ID,
			MerchantID:  in.MerchantID,
			OrderRef:    in.OrderRef,
			AmountCents: in.AmountCents,
			Currency:    in.Currency,
			TermMonths:  in.TermMonths,
		})
		if err != nil {
			return db.Application{}, fmt.Errorf("create application: %w", err)
		}
		err = events.Enqueue(ctx, st.Outbox(), events.TopicApplicationSubmitted, app.ID, events.ApplicationSubmitted{
			ApplicationID: app.ID,
			CustomerID:    app.CustomerID,
			AmountCents:   app.AmountCents,
		})
		return app, err
	})
}

func (s *service) Cancel(ctx context.Context, customerID, applicationID string) (db.Application, error) {
	n, err := s.store.Applications().CancelApplication(ctx, applicationID, customerID)
	if err != nil {
		return db.Application{}, err
	}
	app, err := s.store.Applications().GetApplication(ctx, applicationID)
	if err != nil {
		return db.Application{}, err
	}
	if app.CustomerID != customerID {
		return db.Application{}, apperr.New(apperr.NotFound, "application not found")
	}
	if n == 0 && app.Status != "cancelled" {
		return app, apperr.New(apperr.FailedPrecondition, "application is %s", app.Status)
	}
	return app, nil
}

func (s *service) RequestLimitIncrease(ctx context.Context, customerID string, requestedCents int64) (LimitDecision, error) {
	cust, err := s.store.Applications().GetCustomer(ctx, customerID)
	if err != nil {
		return LimitDecision{}, err
	}
	if requestedCents <= cust.CreditLimitCents {
		return LimitDecision{Approved: true, NewLimitCents: cust.CreditLimitCents}, nil
	}
	if !cust.BureauSubjectID.Valid {
		return LimitDecision{}, apperr.New(apperr.FailedPrecondition, "customer has no bureau record")
	}

	report, err := s.bureau.RequestReport(ctx, bureau.ReportRequest{
		SubjectID:   cust.BureauSubjectID.String,
		Purpose:     bureau.PurposeLimitReview,
		Pull:        "soft",
		AmountCents: requestedCents,
		Reference:   cust.ID,
	})
	if err != nil {
		return LimitDecision{}, apperr.Wrap(apperr.Unavailable, err, "bureau unavailable")
	}

	decision := LimitDecision{RequestID: ids.New("lir"), NewLimitCents: cust.CreditLimitCents}
	score := pgtype.Int4{}
	if report.Score != nil {
		score = pgtype.Int4{Int32: int32(*report.Score), Valid: true}
		decision.Approved = *report.Score >= s.cfg.LimitReviewScore
	}
	if decision.Approved {
		decision.NewLimitCents = min(requestedCents, max(report.MaxCents, cust.CreditLimitCents))
	}
	status := "declined"
	if decision.Approved {
		status = "approved"
	}
	err = s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		if err := st.Applications().InsertLimitIncreaseRequest(ctx, db.InsertLimitIncreaseRequestParams{
			ID:             decision.RequestID,
			CustomerID:     cust.ID,
			RequestedCents: requestedCents,
			BureauRef:      report.ReportRef,
			Score:          score,
			Status:         status,
		}); err != nil {
			return err
		}
		if decision.Approved {
			return st.Applications().UpdateCustomerLimit(ctx, cust.ID, decision.NewLimitCents)
		}
		return nil
	})
	return decision, err
}

// StartCreditCheck runs when an application is submitted. The check row is
// written first, under an ID derived from the application, and that ID is
// the bureau idempotency key, so a redelivered event cannot cause a second
// billed pull.
func (s *service) StartCreditCheck(ctx context.Context, evt events.ApplicationSubmitted) error {
	checkID := ids.Derive("cc", evt.ApplicationID)
	if _, err := s.store.Applications().InsertCreditCheck(ctx, checkID, evt.ApplicationID, "hard"); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("record credit check: %w", err)
	}
	check, err := s.store.Applications().GetCreditCheckByApplication(ctx, evt.ApplicationID)
	if err != nil {
		return err
	}
	if check.Status != "pending" {
		s.log.Debug("credit check already submitted", zap.String("application_id", evt.ApplicationID))
		return nil
	}
	app, err := s.store.Applications().GetApplication(ctx, evt.ApplicationID)
	if err != nil {
		return err
	}
	if app.Status == "cancelled" {
		return nil
	}
	cust, err := s.store.Applications().GetCustomer(ctx, app.CustomerID)
	if err != nil {
		return err
	}

	resp, err := s.bureau.RequestReport(ctx, bureau.ReportRequest{
		SubjectID:   cust.BureauSubjectID.String,
		Purpose:     bureau.PurposeCreditApplication,
		Pull:        check.Kind,
		AmountCents: app.AmountCents,
		Reference:   app.ID,
	}, bureau.WithIdempotencyKey(check.ID), bureau.WithCallback(s.cfg.CallbackURL))
	if err != nil {
		return fmt.Errorf("bureau report: %w", err)
	}

	return s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		if err := st.Applications().MarkCreditCheckSubmitted(ctx, check.ID, resp.ReportRef); err != nil {
			return err
		}
		return st.Applications().SetApplicationStatus(ctx, app.ID, "checking")
	})
}
