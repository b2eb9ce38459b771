// Package adoption handles adoption applications, fee collection and
// finalisation.
package adoption

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/events"
	"github.com/brindlewood-labs/shelternet/internal/platform/ids"
	"github.com/brindlewood-labs/shelternet/internal/providers/payments"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

// UnitOfWork runs fn in a transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(context.Context, *store.Repos) error) error
}

type ApplicationStore interface {
	Insert(ctx context.Context, a domain.Application) error
	Get(ctx context.Context, id string) (domain.Application, error)
	Approve(ctx context.Context, id, reviewer string, at time.Time) error
}

type AnimalReader interface {
	Get(ctx context.Context, id string) (domain.Animal, error)
}

type AttemptLog interface {
	RecordAttempt(ctx context.Context, a domain.PaymentAttempt) error
}

type Charger interface {
	CreateCharge(ctx context.Context, req payments.ChargeRequest) (payments.Charge, error)
}

// Deps groups the collaborators; main builds it.
type Deps struct {
	Applications ApplicationStore
	Animals      AnimalReader
	Attempts     AttemptLog
	UoW          UnitOfWork
	Charger      Charger
}

type Service struct {
	apps     ApplicationStore
	animals  AnimalReader
	attempts AttemptLog
	uow      UnitOfWork
	charger  Charger

	feeCents int64
	currency string

	now    func() time.Time
	newID  func() string
	newKey func() string
}

func NewService(d Deps, cfg config.Config) *Service {
	return &Service{
		apps:     d.Applications,
		animals:  d.Animals,
		attempts: d.Attempts,
		uow:      d.UoW,
		charger:  d.Charger,
		feeCents: cfg.AdoptionFeeCents,
		currency: cfg.AdoptionCurrency,
		now:      func() time.Time { return time.Now().UTC() },
		newID:    ids.Default,
		newKey:   uuid.NewString,
	}
}

type SubmitInput struct {
	AnimalID      string
	AdopterName   string
	AdopterEmail  string
	AdopterPhone  string
	HouseholdNote string
}

func (in SubmitInput) validate() error {
	var missing []string
	if in.AnimalID == "" {
		missing = append(missing, "animal_id")
	}
	if in.AdopterName == "" {
		missing = append(missing, "adopter_name")
	}
	if !strings.Contains(in.AdopterEmail, "@") {
		missing = append(missing, "adopter_email")
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: missing or invalid %s", ErrValidation, strings.Join(missing, ", "))
	}
	return nil
}

var ErrValidation = errors.New("validation failed")

// Submit files a new adoption application for an animal that is open to
// adoption.
func (s *Service) Submit(ctx context.Context, in SubmitInput) (domain.Application, error) {
	if err := in.validate(); err != nil {
		return domain.Application{}, err
	}
	animal, err := s.animals.Get(ctx, in.AnimalID)
	if err != nil {
		return domain.Application{}, fmt.Errorf("load animal: %w", err)
	}
	if animal.Status != domain.AnimalAvailable && animal.Status != domain.AnimalInFoster {
		return domain.Application{}, fmt.Errorf("animal %s is %s: %w", animal.ID, animal.Status, domain.ErrInvalidState)
	}

	app := domain.Application{
		ID:            s.newID(),
		AnimalID:      animal.ID,
		AdopterName:   strings.TrimSpace(in.AdopterName),
		AdopterEmail:  strings.ToLower(strings.TrimSpace(in.AdopterEmail)),
		AdopterPhone:  in.AdopterPhone,
		HouseholdNote: in.HouseholdNote,
		Status:        domain.ApplicationSubmitted,
		FeeCents:      s.feeCents,
		SubmittedAt:   s.now(),
	}
	if err := s.apps.Insert(ctx, app); err != nil {
		return domain.Application{}, fmt.Errorf("insert application: %w", err)
	}
	return app, nil
}

// Approve records a coordinator's approval.
func (s *Service) Approve(ctx context.Context, id, reviewer string) (domain.Application, error) {
	if err := s.apps.Approve(ctx, id, reviewer, s.now()); err != nil {
		return domain.Application{}, err
	}
	return s.apps.Get(ctx, id)
}

type PayFeeInput struct {
	ApplicationID string
	PaymentMethod string
}

// PayFee charges the adoption fee on an approved application.
func (s *Service) PayFee(ctx context.Context, in PayFeeInput) (domain.Application, error) {
	app, err := s.apps.Get(ctx, in.ApplicationID)
	if err != nil {
		return app, err
	}
	if app.Status != domain.ApplicationApproved {
		return app, fmt.Errorf("application is %s: %w", app.Status, domain.ErrInvalidState)
	}
	if app.FeePaidAt != nil {
		return app, nil
	}

	charge, chargeErr := s.charger.CreateCharge(ctx, payments.ChargeRequest{
		AmountCents:    app.FeeCents,
		Currency:       s.currency,
		PaymentMethod:  in.PaymentMethod,
		Description:    "Adoption fee " + app.ID,
		ReceiptEmail:   app.AdopterEmail,
		Metadata:       map[string]string{"application_id": app.ID, "animal_id": app.AnimalID},
		IdempotencyKey: s.newKey(),
	})
	s.logAttempt(ctx, app.ID, charge, chargeErr)
	if chargeErr != nil {
		return app, fmt.Errorf("charge adoption fee: %w", chargeErr)
	}

	paidAt := s.now()
	err = s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Payments.InsertFeePayment(ctx, domain.FeePayment{
			ID:             ids.Join("fee", app.ID),
			ApplicationID:  app.ID,
			ProviderCharge: charge.ID,
			AmountCents:    app.FeeCents,
			Currency:       s.currency,
			CreatedAt:      paidAt,
		}); err != nil {
			return err
		}
		_, err := r.Applications.MarkFeePaid(ctx, app.ID, paidAt)
		return err
	})
	if err != nil {
		return app, fmt.Errorf("record fee payment: %w", err)
	}
	app.FeePaidAt = &paidAt
	return app, nil
}

// logAttempt appends to the attempt log; failures here must not fail the
// request.
func (s *Service) logAttempt(ctx context.Context, applicationID string, c payments.Charge, err error) {
	a := domain.PaymentAttempt{
		ID:            ids.New(),
		ApplicationID: applicationID,
		AttemptedAt:   s.now(),
		Outcome:       c.Status,
	}
	if err != nil {
		a.Outcome, a.Detail = "error", err.Error()
	}
	_ = s.attempts.RecordAttempt(context.WithoutCancel(ctx), a)
}

// Finalize completes an adoption: the application is closed, the adoption
// recorded, the animal marked adopted and competing applications declined.
func (s *Service) Finalize(ctx context.Context, applicationID string) (domain.Adoption, error) {
	app, err := s.apps.Get(ctx, applicationID)
	if err != nil {
		return domain.Adoption{}, err
	}
	animal, err := s.animals.Get(ctx, app.AnimalID)
	if err != nil {
		return domain.Adoption{}, err
	}
	at := s.now()

	// Close the application first so a second coordinator cannot finalize a
	// competing application for the same animal while we work.
	if err := s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		return r.Applications.MarkFinalized(ctx, app.ID, at)
	}); err != nil {
		return domain.Adoption{}, fmt.Errorf("close application: %w", err)
	}

	adoption := domain.Adoption{
		ID:            s.newID(),
		ApplicationID: app.ID,
		AnimalID:      animal.ID,
		AdopterName:   app.AdopterName,
		AdopterEmail:  app.AdopterEmail,
		FinalizedAt:   at,
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Adoptions.Insert(ctx, adoption); err != nil {
			return err
		}
		if err := r.Animals.Transition(ctx, animal.ID, animal.Status, domain.AnimalAdopted, at); err != nil {
			return fmt.Errorf("mark animal adopted: %w", err)
		}
		if err := r.Applications.CloseOthersForAnimal(ctx, animal.ID, app.ID); err != nil {
			return err
		}
		return r.Outbox.Enqueue(ctx, events.TopicAdoptionFinalized, events.AdoptionFinalized{
			AdoptionID:    adoption.ID,
			ApplicationID: app.ID,
			AnimalID:      animal.ID,
			AdopterName:   app.AdopterName,
			AdopterEmail:  app.AdopterEmail,
			AdopterPhone:  app.AdopterPhone,
			FinalizedAt:   at,
		})
	})
	if err != nil {
		return domain.Adoption{}, fmt.Errorf("record adoption: %w", err)
	}
	return adoption, nil
}
