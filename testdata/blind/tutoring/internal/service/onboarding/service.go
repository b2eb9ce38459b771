// Package onboarding takes tutors from application to payout-ready:
// application intake, verification outcome, and Stripe Connect account
// creation.
package onboarding

import (
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/events"
	"github.com/learnloop/tutoring/internal/payments"
	"github.com/learnloop/tutoring/internal/platform/ids"
	"github.com/learnloop/tutoring/internal/providers/messaging"
	"github.com/learnloop/tutoring/internal/store"
)

// ApplyInput is a tutor application.
type ApplyInput struct {
	Email    string
	FullName string
	Phone    string
	Country  string
	Subjects []string
}

// ApplyResult is returned to the applicant.
type ApplyResult struct {
	ApplicationID uuid.UUID
	StatusToken   string
}

// Service is the onboarding API.
type Service interface {
	Apply(ctx context.Context, in ApplyInput) (ApplyResult, error)
	PayoutAccountLink(ctx context.Context, tutorID uuid.UUID, refreshURL, returnURL string) (string, error)
	ApplyVerification(ctx context.Context, ev events.VerificationCompleted) error
}

type service struct {
	pool    *pgxpool.Pool
	apps    store.Applications
	tutors  store.Tutors
	gateway payments.Gateway
	pub     events.Publisher
	sender  messaging.Sender
	log     *slog.Logger
}

// New builds the onboarding service.
func New(pool *pgxpool.Pool, apps store.Applications, tutors store.Tutors, gw payments.Gateway,
	pub events.Publisher, sender messaging.Sender, log *slog.Logger) Service {
	return &service{pool: pool, apps: apps, tutors: tutors, gateway: gw, pub: pub, sender: sender, log: log}
}

func normalizeApplication(in ApplyInput) (ApplyInput, error) {
	addr, err := mail.ParseAddress(strings.TrimSpace(in.Email))
	if err != nil {
		return in, fmt.Errorf("%w: email", domain.ErrInvalidArgument)
	}
	in.Email = strings.ToLower(addr.Address)
	in.FullName = strings.TrimSpace(in.FullName)
	in.Country = strings.ToUpper(strings.TrimSpace(in.Country))
	if in.FullName == "" || len(in.Country) != 2 {
		return in, fmt.Errorf("%w: name and ISO country are required", domain.ErrInvalidArgument)
	}
	for i, s := range in.Subjects {
		in.Subjects[i] = strings.ToLower(strings.TrimSpace(s))
	}
	return in, nil
}

func (s *service) Apply(ctx context.Context, in ApplyInput) (ApplyResult, error) {
	in, err := normalizeApplication(in)
	if err != nil {
		return ApplyResult{}, err
	}
	app := domain.Application{
		ID:          uuid.New(),
		Email:       in.Email,
		FullName:    in.FullName,
		Phone:       in.Phone,
		Country:     in.Country,
		Subjects:    in.Subjects,
		StatusToken: ids.Token(16),
	}
	if err := s.apps.Insert(ctx, s.pool, app); err != nil {
		return ApplyResult{}, fmt.Errorf("save application: %w", err)
	}
	if err := s.pub.ApplicationSubmitted(ctx, events.ApplicationSubmitted{
		ApplicationID: app.ID, Email: app.Email, FullName: app.FullName, Country: app.Country,
	}); err != nil {
		// The review team's sweeper picks up applications without a
		// background check after an hour, so this is not fatal.
		s.log.WarnContext(ctx, "publish application", "application_id", app.ID, "err", err)
	}
	return ApplyResult{ApplicationID: app.ID, StatusToken: app.StatusToken}, nil
}

func (s *service) PayoutAccountLink(ctx context.Context, tutorID uuid.UUID, refreshURL, returnURL string) (string, error) {
	tutor, err := s.tutors.Get(ctx, s.pool, tutorID)
	if err != nil {
		return "", err
	}
	if tutor.Status != domain.TutorActive {
		return "", fmt.Errorf("%w: tutor is not verified yet", domain.ErrForbidden)
	}
	accountID := tutor.StripeAccountID
	if accountID == "" {
		accountID, err = s.gateway.CreateConnectedAccount(ctx, payments.AccountInput{
			Email:   tutor.Email,
			Country: tutor.Country,
			TutorID: tutor.ID.String(),
		})
		if err != nil {
			return "", fmt.Errorf("create connected account: %w", err)
		}
		if err := s.tutors.SetStripeAccount(ctx, s.pool, tutor.ID, accountID); err != nil {
			return "", err
		}
	}
	return s.gateway.OnboardingLink(ctx, accountID, refreshURL, returnURL)
}

// ApplyVerification records the trust & safety outcome and welcomes
// approved tutors.
func (s *service) ApplyVerification(ctx context.Context, ev events.VerificationCompleted) error {
	var tutor domain.Tutor
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		switch ev.Outcome {
		case "approved":
			if _, err = s.tutors.Activate(ctx, tx, ev.TutorID); err != nil {
				return err
			}
		case "rejected":
			if err = s.tutors.Reject(ctx, tx, ev.TutorID); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%w: unknown outcome %q", domain.ErrInvalidArgument, ev.Outcome)
		}
		if err := s.tutors.RecordEvent(ctx, tx, ev.TutorID, "verification_"+ev.Outcome, map[string]string{"check_id": ev.CheckID}); err != nil {
			return err
		}
		tutor, err = s.tutors.Get(ctx, tx, ev.TutorID)
		return err
	})
	if err != nil {
		return err
	}
	if tutor.Status != domain.TutorActive {
		return nil
	}
	_, err = s.sender.SendEmail(ctx, messaging.EmailRequest{
		ClientReference: "tutor-welcome:" + tutor.ID.String(),
		To:              tutor.Email,
		Template:        "tutor_welcome",
		Variables:       map[string]string{"name": tutor.DisplayName},
	})
	return err
}
