// Package fees assesses, collects and waives late fees.
package fees

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
	"github.com/brightpay/lending/internal/providers/cards"
	"github.com/brightpay/lending/internal/repo"
	"github.com/brightpay/lending/internal/schedule"
)

type Service interface {
	AssessLateFees(ctx context.Context, runDate time.Time) (int, error)
	ChargeFee(ctx context.Context, evt events.FeeAssessed) error
	Waive(ctx context.Context, loanID, feeID, actor string) (db.Fee, error)
}

type Config struct {
	GraceDays      int
	LateFeeCents   int64
	ChargeOnAssess bool
}

type service struct {
	store repo.Store
	cards cards.Processor
	cfg   Config
	log   *zap.Logger
}

func New(store repo.Store, cp cards.Processor, cfg Config, log *zap.Logger) Service {
	if cfg.GraceDays == 0 {
		cfg.GraceDays = 3
	}
	if cfg.LateFeeCents == 0 {
		cfg.LateFeeCents = 1200
	}
	return &service{store: store, cards: cp, cfg: cfg, log: log}
}

const feeKindLate = "late"

// AssessLateFees charges a late fee on every instalment whose grace period
// ended on runDate.
func (s *service) AssessLateFees(ctx context.Context, runDate time.Time) (int, error) {
	due := schedule.Date(runDate.AddDate(0, 0, -s.cfg.GraceDays))
	insts, err := s.store.Loans().ListNewlyOverdue(ctx, due)
	if err != nil {
		return 0, err
	}
	assessed := 0
	for _, inst := range insts {
		err := s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
			fee, err := st.Fees().InsertFee(ctx, db.InsertFeeParams{
				ID:           ids.Derive("fee", inst.ID, feeKindLate),
				LoanID:       inst.LoanID,
				InstalmentID: inst.ID,
				Kind:         feeKindLate,
				AmountCents:  s.cfg.LateFeeCents,
			})
			if err != nil {
				return fmt.Errorf("late fee for instalment %s: %w", inst.ID, err)
			}
			if err := st.Loans().MarkInstalmentOverdue(ctx, inst.ID); err != nil {
				return err
			}
			if err := st.Loans().AddLoanFees(ctx, inst.LoanID, fee.AmountCents); err != nil {
				return err
			}
			return events.Enqueue(ctx, st.Outbox(), events.TopicFeeAssessed, inst.LoanID, events.FeeAssessed{
				FeeID:       fee.ID,
				LoanID:      fee.LoanID,
				AmountCents: fee.AmountCents,
			})
		})
		if err != nil {
			return assessed, err
		}
		assessed++
	}
	return assessed, nil
}

const feeChargerConsumer = "fee-charger"

// ChargeFee collects an assessed fee from the loan's autopay card.
func (s *service) ChargeFee(ctx context.Context, evt events.FeeAssessed) error {
	n, err := s.store.Dedup().ClaimMessage(ctx, feeChargerConsumer, evt.FeeID)
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	fee, err := s.store.Fees().GetFee(ctx, evt.FeeID)
	if err != nil {
		return err
	}
	if fee.Status != "assessed" {
		return nil
	}
	loan, err := s.store.Loans().GetLoan(ctx, fee.LoanID)
	if err != nil {
		return err
	}
	if !loan.AutopayPm.Valid {
		return nil
	}
	cust, err := s.store.Applications().GetCustomer(ctx, loan.CustomerID)
	if err != nil {
		return err
	}

	res, err := s.cards.Charge(ctx, cards.ChargeRequest{
		CustomerID:      cust.StripeCustomerID.String,
		PaymentMethodID: loan.AutopayPm.String,
		AmountCents:     fee.AmountCents,
		Currency:        loan.Currency,
		Description:     "Late fee",
		Metadata:        map[string]string{"fee_id": fee.ID, "loan_id": loan.ID},
		IdempotencyKey:  fee.ID,
	})
	if err != nil {
		return fmt.Errorf("charge fee %s: %w", fee.ID, err)
	}
	if res.Status == "declined" {
		s.log.Info("late fee declined", zap.String("fee_id", fee.ID), zap.String("code", res.DeclineCode))
		return nil
	}
	return s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		p, err := st.Payments().InsertPayment(ctx, db.InsertPaymentParams{
			ID:              ids.Derive("pay", fee.ID),
			LoanID:          loan.ID,
			Kind:            "fee",
			AmountCents:     fee.AmountCents,
			Currency:        loan.Currency,
			PaymentMethodID: loan.AutopayPm,
			Status:          "processing",
			ProcessorRef:    pgtype.Text{String: res.PaymentIntentID, Valid: true},
		})
		if err != nil {
			return err
		}
		return st.Fees().MarkFeePaid(ctx, fee.ID, p.ID)
	})
}

// Waive cancels an assessed fee. Waiving an already waived fee is a no-op.
func (s *service) Waive(ctx context.Context, loanID, feeID, actor string) (db.Fee, error) {
	return repo.InTx(ctx, s.store, func(ctx context.Context, st repo.Store) (db.Fee, error) {
		fee, err := st.Fees().WaiveFee(ctx, feeID, loanID, actor)
		if errors.Is(err, pgx.ErrNoRows) {
			cur, gerr := st.Fees().GetFee(ctx, feeID)
			if gerr != nil {
				return db.Fee{}, gerr
			}
			if cur.LoanID == loanID && cur.Status == "waived" {
				return cur, nil
			}
			return cur, apperr.New(apperr.FailedPrecondition, "fee is %s", cur.Status)
		}
		if err != nil {
			return db.Fee{}, err
		}
		if err := st.Loans().AddLoanFees(ctx, loanID, -fee.AmountCents); err != nil {
			return db.Fee{}, err
		}
		err = st.Loans().InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:          ids.New("le"),
			LoanID:      loanID,
			EntryType:   "fee_waiver",
			AmountCents: -fee.AmountCents,
			Ref:         fee.ID,
		})
		return fee, err
	})
}
