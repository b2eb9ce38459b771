package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
)

// voidWindow is how long after a redemption the branch may reverse it.
const voidWindow = 12 * time.Hour

type RedemptionService struct {
	tx       Transactor
	loans    LoanRepository
	items    ItemRepository
	payments PaymentRepository
	gateway  PaymentGateway
	now      Clock

	// OnRedeemed runs inside the transaction that records the redemption.
	OnRedeemed func(ctx context.Context, r domain.Redemption) error
}

func NewRedemptionService(tx Transactor, loans LoanRepository, items ItemRepository, payments PaymentRepository, gateway PaymentGateway, now Clock) *RedemptionService {
	return &RedemptionService{tx: tx, loans: loans, items: items, payments: payments, gateway: gateway, now: now}
}

type RedeemInput struct {
	LoanID          uuid.UUID `json:"-"`
	RequestKey      string    `json:"-"`
	PaymentMethodID string    `json:"payment_method_id"`
	CashierID       string    `json:"cashier_id"`
}

// Redeem takes the payoff by card and hands the goods back.
func (s *RedemptionService) Redeem(ctx context.Context, in RedeemInput) (domain.Redemption, error) {
	if in.RequestKey == "" {
		return domain.Redemption{}, domain.Invalid("Idempotency-Key", "required")
	}
	if in.PaymentMethodID == "" {
		return domain.Redemption{}, domain.Invalid("payment_method_id", "required")
	}
	loan, err := s.loans.Get(ctx, in.LoanID)
	if err != nil {
		return domain.Redemption{}, err
	}
	switch loan.Status {
	case domain.LoanRedeemed:
		return domain.Redemption{}, domain.ErrAlreadyRedeemed
	case domain.LoanForfeited:
		return domain.Redemption{}, domain.ErrLoanClosed
	}
	payoff := loan.Payoff()
	key := "redeem:" + loan.ID.String() + ":" + in.RequestKey

	attempt := domain.PaymentAttempt{
		ID:             uuid.New(),
		LoanID:         loan.ID,
		Purpose:        domain.PurposeRedemption,
		Amount:         payoff,
		IdempotencyKey: key,
	}
	if err := s.payments.RecordAttempt(ctx, attempt); err != nil {
		return domain.Redemption{}, fmt.Errorf("record attempt: %w", err)
	}
	charge, err := s.gateway.Charge(ctx, domain.ChargeRequest{
		Amount:          payoff,
		PaymentMethodID: in.PaymentMethodID,
		Description:     "Pawn redemption, ticket " + loan.TicketNo,
		IdempotencyKey:  key,
		Metadata: map[string]string{
			"loan_id":   loan.ID.String(),
			"ticket_no": loan.TicketNo,
			"purpose":   string(domain.PurposeRedemption),
		},
	})
	if err != nil {
		_ = s.payments.FinishAttempt(ctx, attempt.ID, "failed", err.Error())
		return domain.Redemption{}, fmt.Errorf("charge payoff: %w", err)
	}
	_ = s.payments.FinishAttempt(ctx, attempt.ID, "succeeded", "")

	now := s.now()
	// Close the loan straight away so the vault can release the goods while
	// the payment paperwork is written.
	if err := s.loans.MarkRedeemed(ctx, loan.ID, now); err != nil {
		return domain.Redemption{}, fmt.Errorf("close loan: %w", err)
	}
	if err := s.items.SetStatusForLoan(ctx, loan.ID, domain.ItemReleased); err != nil {
		return domain.Redemption{}, fmt.Errorf("release items: %w", err)
	}

	payment := domain.Payment{
		ID:                    uuid.New(),
		LoanID:                loan.ID,
		Method:                domain.MethodCard,
		Purpose:               domain.PurposeRedemption,
		Amount:                charge.Amount,
		StripePaymentIntentID: &charge.PaymentIntentID,
		StripeChargeID:        optional(charge.ChargeID),
		CashierID:             optional(in.CashierID),
		CreatedAt:             now,
	}
	red := domain.Redemption{
		ID:        uuid.New(),
		LoanID:    loan.ID,
		PaymentID: payment.ID,
		Payoff:    payoff,
		Status:    domain.RedemptionCompleted,
		CreatedAt: now,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.payments.InsertPayment(ctx, payment); err != nil {
			return err
		}
		if err := s.payments.InsertRedemption(ctx, red); err != nil {
			return err
		}
		if s.OnRedeemed != nil {
			return s.OnRedeemed(ctx, red)
		}
		return nil
	})
	if err != nil {
		return domain.Redemption{}, fmt.Errorf("record redemption: %w", err)
	}
	return red, nil
}

// Void reverses a same-day redemption keyed against the wrong ticket: the
// card is refunded and the goods go back into the vault.
func (s *RedemptionService) Void(ctx context.Context, redemptionID uuid.UUID, reason string) (domain.Redemption, error) {
	if reason == "" {
		return domain.Redemption{}, domain.Invalid("reason", "required")
	}
	red, err := s.payments.GetRedemption(ctx, redemptionID)
	if err != nil {
		return domain.Redemption{}, err
	}
	if red.Status == domain.RedemptionVoided {
		return red, nil
	}
	if s.now().Sub(red.CreatedAt) > voidWindow {
		return domain.Redemption{}, domain.ErrVoidWindow
	}
	payment, err := s.payments.GetPayment(ctx, red.PaymentID)
	if err != nil {
		return domain.Redemption{}, err
	}
	if payment.StripePaymentIntentID == nil {
		return domain.Redemption{}, errors.New("redemption payment has no card charge")
	}
	if _, err := s.gateway.Refund(ctx, domain.RefundRequest{
		PaymentIntentID: *payment.StripePaymentIntentID,
		Amount:          payment.Amount,
		Reason:          "requested_by_customer",
		IdempotencyKey:  "void:" + red.ID.String(),
	}); err != nil {
		return domain.Redemption{}, fmt.Errorf("refund: %w", err)
	}

	now := s.now()
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		voided, err := s.payments.VoidRedemption(ctx, red.ID, reason, now)
		if err != nil || !voided {
			return err
		}
		if err := s.payments.MarkRefundedByID(ctx, payment.ID, now); err != nil {
			return err
		}
		if err := s.loans.Reopen(ctx, red.LoanID); err != nil {
			return err
		}
		return s.items.SetStatusForLoan(ctx, red.LoanID, domain.ItemHeld)
	})
	if err != nil {
		return domain.Redemption{}, err
	}
	return s.payments.GetRedemption(ctx, red.ID)
}
