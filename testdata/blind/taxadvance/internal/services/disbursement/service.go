// Package disbursement sends approved advances to the customer's bank
// account by ACH credit from the refund transfer program account.
package disbursement

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/platform/retryx"
	"github.com/refundbridge/advance/internal/providers/bank"
	"github.com/refundbridge/advance/internal/repository"
	"github.com/refundbridge/advance/internal/service"
)

// Config holds the program account advances are funded from.
type Config struct {
	FundingAccountRef string
	SameDay           bool
}

// Service implements service.Disbursements.
type Service struct {
	cfg           Config
	tx            repository.TxManager
	applications  repository.Applications
	disbursements repository.Disbursements
	bank          service.Bank
	log           *slog.Logger
	now           func() time.Time
}

// Option customises the service.
type Option func(*Service)

// WithClock overrides the time source.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New builds the service.
func New(cfg Config, tx repository.TxManager, apps repository.Applications, ds repository.Disbursements, b service.Bank, opts ...Option) *Service {
	s := &Service{
		cfg:           cfg,
		tx:            tx,
		applications:  apps,
		disbursements: ds,
		bank:          b,
		log:           slog.Default(),
		now:           func() time.Time { return time.Now().UTC() },
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

var _ service.Disbursements = (*Service)(nil)

// Disburse originates the advance for an approved application.
func (s *Service) Disburse(ctx context.Context, applicationID uuid.UUID) error {
	app, err := s.applications.Get(ctx, applicationID)
	if err != nil {
		return err
	}
	if app.Status != domain.StatusApproved {
		s.log.InfoContext(ctx, "disbursement skipped", "application_id", app.ID, "status", app.Status)
		return nil
	}

	d, err := s.disbursements.Ensure(ctx, domain.Disbursement{
		ID:            uuid.New(),
		ApplicationID: app.ID,
		AmountCents:   app.ApprovedAmountCents,
		Attempt:       1,
		Status:        domain.DisbursementPending,
	})
	if err != nil {
		return fmt.Errorf("ensure disbursement: %w", err)
	}
	if d.Status != domain.DisbursementPending {
		return nil
	}

	req := bank.TransferRequest{
		IdempotencyKey:   "advance-" + d.ID.String(),
		SourceAccountRef: s.cfg.FundingAccountRef,
		Destination:      bank.Destination{AccountToken: app.DestinationAccountToken},
		AmountCents:      d.AmountCents,
		SECCode:          "PPD",
		Description:      "REFUND ADV",
		SameDay:          s.cfg.SameDay,
		Metadata:         map[string]string{"application_id": app.ID.String(), "disbursement_id": d.ID.String()},
	}
	transfer, err := retry.DoWithData(func() (bank.Transfer, error) {
		return s.bank.CreateTransfer(ctx, req)
	}, retryx.Partner(ctx, retryx.Logged(s.log, "bank.create_transfer"))...)
	if err != nil {
		return fmt.Errorf("originate advance: %w", err)
	}

	now := s.now()
	if err := s.disbursements.MarkSubmitted(ctx, d.ID, transfer.ID, now); err != nil {
		return fmt.Errorf("record transfer %s: %w", transfer.ID, err)
	}
	if _, err := s.applications.Transition(ctx, app.ID,
		[]domain.ApplicationStatus{domain.StatusApproved}, domain.StatusDisbursing); err != nil {
		return fmt.Errorf("mark disbursing: %w", err)
	}
	s.log.InfoContext(ctx, "advance originated", "application_id", app.ID, "transfer_id", transfer.ID, "amount", d.AmountCents)
	return nil
}

// Redisburse sends a returned advance again, usually to a corrected account.
func (s *Service) Redisburse(ctx context.Context, in service.RedisburseInput) (domain.Disbursement, error) {
	app, err := s.applications.Get(ctx, in.ApplicationID)
	if err != nil {
		return domain.Disbursement{}, err
	}
	if app.Status != domain.StatusDisbursementReturned {
		return domain.Disbursement{}, fmt.Errorf("%w: application is %s", domain.ErrInvalidState, app.Status)
	}
	d, err := s.disbursements.ByApplication(ctx, app.ID)
	if err != nil {
		return domain.Disbursement{}, err
	}
	if d.Status != domain.DisbursementReturned {
		return domain.Disbursement{}, fmt.Errorf("%w: disbursement is %s", domain.ErrInvalidState, d.Status)
	}
	dest := app.DestinationAccountToken
	if in.DestinationAccountToken != "" {
		dest = in.DestinationAccountToken
	}

	// The bank replays the returned transfer for the original key, so a
	// re-send needs a key of its own.
	req := bank.TransferRequest{
		IdempotencyKey:   uuid.NewString(),
		SourceAccountRef: s.cfg.FundingAccountRef,
		Destination:      bank.Destination{AccountToken: dest},
		AmountCents:      d.AmountCents,
		SECCode:          "PPD",
		Description:      "REFUND ADV",
		Metadata: map[string]string{
			"application_id":  app.ID.String(),
			"disbursement_id": d.ID.String(),
			"resent_by":       in.Actor,
		},
	}
	transfer, err := retry.DoWithData(func() (bank.Transfer, error) {
		return s.bank.CreateTransfer(ctx, req)
	}, retryx.Partner(ctx, retryx.Logged(s.log, "bank.create_transfer"))...)
	if err != nil {
		return domain.Disbursement{}, fmt.Errorf("re-originate advance: %w", err)
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if dest != app.DestinationAccountToken {
			if err := s.applications.SetDestination(ctx, app.ID, dest); err != nil {
				return err
			}
		}
		ok, err := s.disbursements.Resubmit(ctx, d.ID, transfer.ID, s.now())
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: disbursement changed concurrently", domain.ErrConflict)
		}
		_, err = s.applications.Transition(ctx, app.ID,
			[]domain.ApplicationStatus{domain.StatusDisbursementReturned}, domain.StatusDisbursing)
		return err
	})
	if err != nil {
		return domain.Disbursement{}, err
	}
	return s.disbursements.ByApplication(ctx, app.ID)
}
