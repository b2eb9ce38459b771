package service

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
)

// RenewalService extends a loan by one term when the customer pays the
// interest due.
type RenewalService struct {
	tx       Transactor
	loans    LoanRepository
	payments PaymentRepository
	gateway  PaymentGateway
	now      Clock
}

func NewRenewalService(tx Transactor, loans LoanRepository, payments PaymentRepository, gateway PaymentGateway, now Clock) *RenewalService {
	return &RenewalService{tx: tx, loans: loans, payments: payments, gateway: gateway, now: now}
}

type CounterRenewalInput struct {
	LoanID          uuid.UUID `json:"-"`
	PaymentMethodID string    `json:"payment_method_id"`
	CashierID       string    `json:"cashier_id"`
}

// RenewAtCounter charges the interest due to the card presented at the
// counter and rolls the due date forward.
func (s *RenewalService) RenewAtCounter(ctx context.Context, in CounterRenewalInput) (domain.Renewal, error) {
	if in.PaymentMethodID == "" {
		return domain.Renewal{}, domain.Invalid("payment_method_id", "required")
	}
	loan, err := s.loans.Get(ctx, in.LoanID)
	if err != nil {
		return domain.Renewal{}, err
	}
	if loan.Status != domain.LoanActive {
		return domain.Renewal{}, domain.ErrLoanClosed
	}
	if domain.Date(s.now()).After(loan.GraceEnds()) {
		return domain.Renewal{}, domain.ErrLoanClosed
	}
	due := loan.AccruedInterest
	if due <= 0 {
		return domain.Renewal{}, domain.ErrNothingDue
	}

	charge, err := s.gateway.Charge(ctx, domain.ChargeRequest{
		Amount:          due,
		PaymentMethodID: in.PaymentMethodID,
		Description:     "Pawn renewal, ticket " + loan.TicketNo,
		IdempotencyKey:  uuid.NewString(),
		Metadata: map[string]string{
			"loan_id":   loan.ID.String(),
			"ticket_no": loan.TicketNo,
			"purpose":   string(domain.PurposeRenewal),
		},
	})
	if err != nil {
		return domain.Renewal{}, fmt.Errorf("charge renewal: %w", err)
	}

	now := s.now()
	payment := domain.Payment{
		ID:                    uuid.New(),
		LoanID:                loan.ID,
		Method:                domain.MethodCard,
		Purpose:               domain.PurposeRenewal,
		Amount:                charge.Amount,
		StripePaymentIntentID: &charge.PaymentIntentID,
		StripeChargeID:        optional(charge.ChargeID),
		CashierID:             optional(in.CashierID),
		CreatedAt:             now,
	}
	renewal := domain.Renewal{
		ID:                    uuid.New(),
		LoanID:                loan.ID,
		PaymentID:             &payment.ID,
		Channel:               domain.RenewalCounter,
		InterestPaid:          charge.Amount,
		PreviousDueDate:       loan.DueDate,
		NewDueDate:            loan.NextDueDate(),
		StripePaymentIntentID: &charge.PaymentIntentID,
		CreatedAt:             now,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.payments.InsertPayment(ctx, payment); err != nil {
			return err
		}
		if err := s.payments.InsertRenewal(ctx, renewal); err != nil {
			return err
		}
		return s.loans.Extend(ctx, loan.ID, renewal.NewDueDate)
	})
	if err != nil {
		return domain.Renewal{}, fmt.Errorf("record renewal: %w", err)
	}
	return renewal, nil
}
