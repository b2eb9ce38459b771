// Package payment collects exam fees through Stripe.
package payment

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
	"github.com/lexicaassess/examreg/internal/platform/events"
	"github.com/lexicaassess/examreg/internal/provider/stripepay"
	"github.com/lexicaassess/examreg/internal/repo"
)

// Errors returned to the API layer.
var (
	ErrNotPayable  = errors.New("payment: registration is not awaiting payment")
	ErrAlreadyPaid = errors.New("payment: fee already paid")
	ErrUnknown     = errors.New("payment: unknown payment")
)

// Gateway is the Stripe client.
type Gateway interface {
	CreateFeeIntent(ctx context.Context, req stripepay.FeeIntentRequest) (*stripepay.FeeIntent, error)
}

// PaymentStore is the part of the payments repository used here.
type PaymentStore interface {
	ByRegistration(ctx context.Context, registrationID string) (*model.Payment, error)
	ByIntent(ctx context.Context, intentID string) (*model.Payment, error)
	SaveIntent(ctx context.Context, p *model.Payment) error
	LogAttempt(ctx context.Context, a *model.PaymentAttempt) error
	MarkSucceeded(ctx context.Context, intentID, receipt string) error
}

// RegistrationStore is the part of the registrations repository used here.
type RegistrationStore interface {
	Get(ctx context.Context, id string) (*model.Registration, error)
	Confirm(ctx context.Context, id string, at time.Time) error
	ConvertHold(ctx context.Context, registrationID string) error
}

// SeatCounter moves seats between held and confirmed.
type SeatCounter interface {
	ConvertHeld(ctx context.Context, sessionID string) error
}

// Deps groups the collaborators of Service.
type Deps struct {
	DB        *gorm.DB
	Gateway   Gateway
	Payments  PaymentStore
	Regs      RegistrationStore
	Seats     SeatCounter
	Publisher events.Publisher
	Now       func() time.Time
}

// Service starts and settles exam fee payments.
type Service struct{ Deps }

// New builds a Service.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{Deps: d}
}

// FeeView is returned to the candidate's browser.
type FeeView struct {
	IntentID     string
	ClientSecret string
	AmountMinor  int64
	Currency     string
}

// StartFee creates a PaymentIntent for a pending registration.
func (s *Service) StartFee(ctx context.Context, registrationID string) (*FeeView, error) {
	reg, err := s.Regs.Get(ctx, registrationID)
	if err != nil {
		return nil, err
	}
	if reg.Status != model.RegPendingPayment {
		return nil, ErrNotPayable
	}
	if p, err := s.Payments.ByRegistration(ctx, reg.ID); err == nil && p.Status == model.PaySucceeded {
		return nil, ErrAlreadyPaid
	} else if err != nil && !errors.Is(err, repo.ErrNotFound) {
		return nil, err
	}

	sess := reg.Session
	fi, err := s.Gateway.CreateFeeIntent(ctx, stripepay.FeeIntentRequest{
		RegistrationID: reg.ID,
		CandidateEmail: reg.Candidate.Email,
		AmountMinor:    sess.FeeMinor,
		Currency:       strings.ToLower(sess.Currency),
		ExamCode:       sess.ExamCode,
	})
	attempt := &model.PaymentAttempt{ID: uuid.NewString(), RegistrationID: reg.ID, Outcome: "intent_created"}
	if err != nil {
		code := "gateway_error"
		attempt.Outcome, attempt.ErrorCode = "intent_failed", &code
		_ = s.Payments.LogAttempt(ctx, attempt)
		return nil, err
	}
	attempt.IntentID = &fi.ID
	if err := s.Payments.LogAttempt(ctx, attempt); err != nil {
		return nil, err
	}
	if err := s.Payments.SaveIntent(ctx, &model.Payment{
		RegistrationID: reg.ID,
		IntentID:       fi.ID,
		AmountMinor:    sess.FeeMinor,
		Currency:       sess.Currency,
		Status:         model.PayRequiresPayment,
		ClientSecret:   fi.ClientSecret,
	}); err != nil {
		return nil, err
	}
	return &FeeView{IntentID: fi.ID, ClientSecret: fi.ClientSecret, AmountMinor: sess.FeeMinor, Currency: sess.Currency}, nil
}

// ConfirmPaid settles a fee after Stripe reports the intent succeeded: the
// payment is marked, the registration confirmed and the held seat converted.
func (s *Service) ConfirmPaid(ctx context.Context, intentID string) error {
	p, err := s.Payments.ByIntent(ctx, intentID)
	if err != nil {
		if errors.Is(err, repo.ErrNotFound) {
			return ErrUnknown
		}
		return err
	}
	reg, err := s.Regs.Get(ctx, p.RegistrationID)
	if err != nil {
		return err
	}
	now := s.Now().UTC()
	receipt := receiptNumber(now, reg.ID)

	tx := s.DB.WithContext(ctx).Begin()
	if tx.Error != nil {
		return tx.Error
	}
	tctx := dbx.WithTx(ctx, tx)
	if err := s.Payments.MarkSucceeded(tctx, intentID, receipt); err != nil {
		tx.Rollback()
		return fmt.Errorf("mark paid: %w", err)
	}
	if err := s.Regs.Confirm(tctx, reg.ID, now); err != nil {
		tx.Rollback()
		return fmt.Errorf("confirm registration: %w", err)
	}
	if err := s.Regs.ConvertHold(tctx, reg.ID); err != nil {
		tx.Rollback()
		return fmt.Errorf("convert hold: %w", err)
	}
	if err := s.Seats.ConvertHeld(tctx, reg.SessionID); err != nil {
		tx.Rollback()
		return fmt.Errorf("convert seat: %w", err)
	}
	if err := tx.Commit().Error; err != nil {
		return err
	}

	return s.Publisher.Publish(ctx, events.TopicRegistrationConfirmed, events.RegistrationConfirmed{
		RegistrationID: reg.ID,
		CandidateID:    reg.CandidateID,
		SessionID:      reg.SessionID,
		ReceiptNumber:  receipt,
		ConfirmedAt:    now,
	})
}

// receiptNumber is printed on the candidate's receipt: date plus the first
// block of the registration ID.
func receiptNumber(at time.Time, registrationID string) string {
	return fmt.Sprintf("RC-%s-%s", at.Format("20060102"), strings.ToUpper(registrationID[:8]))
}
