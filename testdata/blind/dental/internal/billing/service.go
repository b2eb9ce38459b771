// Package billing owns patient balances: statement generation and mailing,
// card payments against statements, front-desk adjustments, Stripe events
// and insurance remittance posting.
package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/providers/stripepay"
)

var (
	ErrStatementClosed = errors.New("statement is already paid or void")
	ErrInvalidAmount   = errors.New("amount must be positive and no more than the balance")
	ErrNoCardOnFile    = errors.New("patient has no card on file")
	ErrUnknownReason   = errors.New("unknown adjustment reason")
)

// Service takes payments and posts adjustments.
type Service interface {
	PayStatement(ctx context.Context, in PayStatementInput) (PayStatementOutput, error)
	PostAdjustment(ctx context.Context, in PostAdjustmentInput) (PostAdjustmentOutput, error)
}

type PayStatementInput struct {
	StatementID     string
	AmountCents     int64
	PaymentMethodID string
}

type PayStatementOutput struct {
	PaymentID       uuid.UUID
	PaymentIntentID string
	BalanceCents    int64
}

type PostAdjustmentInput struct {
	PatientID   uuid.UUID
	AmountCents int64
	Reason      string
	Note        string
	CreatedBy   string
}

type PostAdjustmentOutput struct {
	AdjustmentID uuid.UUID
	BalanceCents int64
}

// PaymentHook runs inside the payment transaction, e.g. to queue a receipt.
type PaymentHook func(ctx context.Context, tx *gorm.DB, p models.Payment) error

type service struct {
	db         *gorm.DB
	statements *database.Repository[models.Statement]
	patients   *database.Repository[models.Patient]
	accounts   *database.Repository[models.PatientAccount]
	gateway    stripepay.Gateway
	onPaid     PaymentHook
	now        func() time.Time
}

// NewService wires the billing service.
func NewService(db *gorm.DB, gateway stripepay.Gateway, onPaid PaymentHook) Service {
	if onPaid == nil {
		onPaid = func(context.Context, *gorm.DB, models.Payment) error { return nil }
	}
	return &service{
		db:         db,
		statements: database.NewRepository[models.Statement](db),
		patients:   database.NewRepository[models.Patient](db),
		accounts:   database.NewRepository[models.PatientAccount](db),
		gateway:    gateway,
		onPaid:     onPaid,
		now:        func() time.Time { return time.Now().UTC() },
	}
}

func (s *service) PayStatement(ctx context.Context, in PayStatementInput) (PayStatementOutput, error) {
	st, err := s.statements.Get(ctx, in.StatementID)
	if err != nil {
		return PayStatementOutput{}, err
	}
	if st.Status == models.StatementPaid || st.Status == models.StatementVoid {
		return PayStatementOutput{}, ErrStatementClosed
	}
	patient, err := s.patients.Get(ctx, st.PatientID)
	if err != nil {
		return PayStatementOutput{}, err
	}
	pm := in.PaymentMethodID
	if pm == "" && patient.DefaultPaymentMethodID != nil {
		pm = *patient.DefaultPaymentMethodID
	}
	if patient.StripeCustomerID == nil || pm == "" {
		return PayStatementOutput{}, ErrNoCardOnFile
	}
	acct, err := s.accounts.FindOne(ctx, "patient_id = ?", st.PatientID)
	if err != nil {
		return PayStatementOutput{}, err
	}
	if in.AmountCents <= 0 || in.AmountCents > acct.BalanceCents {
		return PayStatementOutput{}, ErrInvalidAmount
	}

	charge, err := s.gateway.Charge(ctx, stripepay.ChargeRequest{
		CustomerID:      *patient.StripeCustomerID,
		PaymentMethodID: pm,
		AmountCents:     in.AmountCents,
		Description:     "Patient statement " + st.ID,
		Metadata:        map[string]string{"statement_id": st.ID, "patient_id": st.PatientID.String()},
		IdempotencyKey:  "stmt-pay:" + uuid.NewString(),
	})
	if err != nil {
		return PayStatementOutput{}, err
	}

	payment := models.Payment{
		ID:                    uuid.New(),
		PatientID:             st.PatientID,
		StatementID:           &st.ID,
		AmountCents:           in.AmountCents,
		StripePaymentIntentID: charge.PaymentIntentID,
		Status:                "succeeded",
	}
	var balance int64
	err = database.Transact(ctx, s.db, func(tx *gorm.DB) error {
		if err := tx.Create(&payment).Error; err != nil {
			return fmt.Errorf("record payment: %w", err)
		}
		entry := models.LedgerEntry{
			ID:          uuid.New(),
			PatientID:   st.PatientID,
			Kind:        models.LedgerPayment,
			AmountCents: -in.AmountCents,
			Reference:   charge.PaymentIntentID,
		}
		if err := tx.Create(&entry).Error; err != nil {
			return err
		}
		var err error
		balance, err = debitBalance(tx, st.PatientID, in.AmountCents, s.now())
		if err != nil {
			return err
		}
		if balance <= 0 {
			if err := tx.Model(&models.Statement{}).Where("id = ?", st.ID).
				Updates(map[string]any{"status": models.StatementPaid, "updated_at": s.now()}).Error; err != nil {
				return err
			}
		}
		return s.onPaid(ctx, tx, payment)
	})
	if err != nil {
		return PayStatementOutput{}, err
	}
	return PayStatementOutput{PaymentID: payment.ID, PaymentIntentID: charge.PaymentIntentID, BalanceCents: balance}, nil
}

var adjustmentReasons = map[string]bool{
	"courtesy":        true,
	"write_off":       true,
	"senior_discount": true,
	"correction":      true,
}

func (s *service) PostAdjustment(ctx context.Context, in PostAdjustmentInput) (PostAdjustmentOutput, error) {
	if !adjustmentReasons[in.Reason] {
		return PostAdjustmentOutput{}, ErrUnknownReason
	}
	if in.AmountCents == 0 {
		return PostAdjustmentOutput{}, ErrInvalidAmount
	}
	adj := models.AccountAdjustment{
		ID:          uuid.New(),
		PatientID:   in.PatientID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		CreatedBy:   in.CreatedBy,
	}
	if in.Note != "" {
		adj.Note = &in.Note
	}
	var balance int64
	err := database.Transact(ctx, s.db, func(tx *gorm.DB) error {
		if err := tx.Create(&adj).Error; err != nil {
			return err
		}
		entry := models.LedgerEntry{
			ID:          uuid.New(),
			PatientID:   in.PatientID,
			Kind:        models.LedgerAdjustment,
			AmountCents: -in.AmountCents,
			Reference:   adj.ID.String(),
			Memo:        adj.Note,
		}
		if err := tx.Create(&entry).Error; err != nil {
			return err
		}
		var err error
		balance, err = debitBalance(tx, in.PatientID, in.AmountCents, s.now())
		return err
	})
	if err != nil {
		return PostAdjustmentOutput{}, err
	}
	return PostAdjustmentOutput{AdjustmentID: adj.ID, BalanceCents: balance}, nil
}

// debitBalance lowers the patient's balance and returns the new value.
func debitBalance(tx *gorm.DB, patientID uuid.UUID, cents int64, now time.Time) (int64, error) {
	var balance int64
	err := tx.Raw(`UPDATE patient_accounts
	                  SET balance_cents = balance_cents - ?, updated_at = ?
	                WHERE patient_id = ?
	            RETURNING balance_cents`, cents, now, patientID).Scan(&balance).Error
	if err != nil {
		return 0, fmt.Errorf("update balance: %w", err)
	}
	return balance, nil
}
