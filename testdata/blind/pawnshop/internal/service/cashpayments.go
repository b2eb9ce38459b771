package service

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
)

const cashPaymentScope = "cash-payment"

// CashPaymentService takes interest paid in cash at the counter. Paying
// interest without renewing keeps the loan current but does not move the due
// date.
type CashPaymentService struct {
	tx       Transactor
	loans    LoanRepository
	payments PaymentRepository
	keys     RequestKeyRepository
	now      Clock
}

func NewCashPaymentService(tx Transactor, loans LoanRepository, payments PaymentRepository, keys RequestKeyRepository, now Clock) *CashPaymentService {
	return &CashPaymentService{tx: tx, loans: loans, payments: payments, keys: keys, now: now}
}

type CashPaymentInput struct {
	LoanID     uuid.UUID    `json:"-"`
	RequestKey string       `json:"-"`
	Amount     domain.Cents `json:"amount_cents"`
	CashierID  string       `json:"cashier_id"`
}

type CashPaymentReceipt struct {
	PaymentID         uuid.UUID    `json:"payment_id"`
	LoanID            uuid.UUID    `json:"loan_id"`
	TicketNo          string       `json:"ticket_no"`
	Amount            domain.Cents `json:"amount_cents"`
	RemainingInterest domain.Cents `json:"remaining_interest_cents"`
}

// Apply records the payment once per request key. A repeated key returns the
// receipt from the first call.
func (s *CashPaymentService) Apply(ctx context.Context, in CashPaymentInput) (CashPaymentReceipt, error) {
	if in.RequestKey == "" {
		return CashPaymentReceipt{}, domain.Invalid("Idempotency-Key", "required")
	}
	if in.Amount <= 0 {
		return CashPaymentReceipt{}, domain.Invalid("amount_cents", "must be positive")
	}
	var out CashPaymentReceipt
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		stored, claimed, err := s.keys.Claim(ctx, cashPaymentScope, in.RequestKey)
		if err != nil {
			return err
		}
		if !claimed {
			if stored.Body == nil {
				return domain.ErrInProgress
			}
			return json.Unmarshal(stored.Body, &out)
		}

		loan, err := s.loans.GetForUpdate(ctx, in.LoanID)
		if err != nil {
			return err
		}
		if loan.Status != domain.LoanActive {
			return domain.ErrLoanClosed
		}
		if in.Amount > loan.AccruedInterest {
			return domain.Invalid("amount_cents", fmt.Sprintf("only %s interest is due", loan.AccruedInterest))
		}
		payment := domain.Payment{
			ID:        uuid.New(),
			LoanID:    loan.ID,
			Method:    domain.MethodCash,
			Purpose:   domain.PurposeInterest,
			Amount:    in.Amount,
			CashierID: optional(in.CashierID),
			CreatedAt: s.now(),
		}
		if err := s.payments.InsertPayment(ctx, payment); err != nil {
			return err
		}
		if err := s.loans.ReduceAccrued(ctx, loan.ID, in.Amount); err != nil {
			return err
		}
		out = CashPaymentReceipt{
			PaymentID:         payment.ID,
			LoanID:            loan.ID,
			TicketNo:          loan.TicketNo,
			Amount:            in.Amount,
			RemainingInterest: loan.AccruedInterest - in.Amount,
		}
		body, err := json.Marshal(out)
		if err != nil {
			return err
		}
		return s.keys.Complete(ctx, cashPaymentScope, in.RequestKey, domain.StoredResponse{Status: http.StatusCreated, Body: body})
	})
	if err != nil {
		return CashPaymentReceipt{}, err
	}
	return out, nil
}
