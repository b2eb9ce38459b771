package rebates

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/bankpay"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/cardnetwork"
)

// Pay sends a bank-method rebate to the fleet's account. attempt is the
// queue's attempt number, kept on the audit row.
func (s *Service) Pay(ctx context.Context, rebateID uuid.UUID, attempt int) error {
	q := s.uow.Q()
	r, err := q.RebateByID(ctx, rebateID)
	if err != nil {
		return err
	}
	if r.Status != domain.RebateAccrued {
		return nil
	}
	fleet, err := q.FleetByID(ctx, r.FleetID)
	if err != nil {
		return err
	}

	attemptID := uuid.New()
	if err := q.InsertPayoutAttempt(ctx, domain.PayoutAttempt{
		ID:         attemptID,
		RebateID:   r.ID,
		JobAttempt: attempt,
	}); err != nil {
		return err
	}

	transfer, err := s.bank.CreateTransfer(ctx, bankpay.TransferRequest{
		ToAccountRef: fleet.BankAccountRef,
		AmountCents:  r.AmountCents,
		Memo:         "FUEL REBATE " + r.Period,
	})
	if err != nil {
		if ferr := q.FinishPayoutAttempt(ctx, attemptID, "failed", err.Error()); ferr != nil {
			s.log.WarnContext(ctx, "close payout attempt", "attempt_id", attemptID, "error", ferr)
		}
		return fmt.Errorf("rebate transfer: %w", err)
	}

	return s.uow.InTx(ctx, func(q Repo, _ pgx.Tx) error {
		if err := q.InsertRebatePayout(ctx, r.ID, transfer.ID, r.AmountCents); err != nil {
			return err
		}
		ok, err := q.AdvanceRebate(ctx, r.ID, domain.RebateAccrued, domain.RebatePaid)
		if err != nil || !ok {
			return err
		}
		if err := q.AddRebateAccrued(ctx, fleet.ID, -r.AmountCents); err != nil {
			return err
		}
		return q.FinishPayoutAttempt(ctx, attemptID, "succeeded", "")
	})
}

// Credit applies a statement-credit rebate to the fleet's card account.
func (s *Service) Credit(ctx context.Context, rebateID uuid.UUID) error {
	q := s.uow.Q()
	r, err := q.RebateByID(ctx, rebateID)
	if err != nil {
		return err
	}
	if r.Status != domain.RebateAccrued {
		return nil
	}
	fleet, err := q.FleetByID(ctx, r.FleetID)
	if err != nil {
		return err
	}

	credit, err := s.network.PostAccountCredit(ctx, cardnetwork.CreditRequest{
		AccountID:   fleet.NetworkAccountID,
		AmountCents: r.AmountCents,
		Currency:    "USD",
		Description: "Volume rebate " + r.Period,
	})
	if err != nil {
		return fmt.Errorf("post rebate credit: %w", err)
	}

	return s.uow.InTx(ctx, func(q Repo, _ pgx.Tx) error {
		if err := q.InsertRebateCredit(ctx, r.ID, credit.ID, r.AmountCents); err != nil {
			return err
		}
		ok, err := q.AdvanceRebate(ctx, r.ID, domain.RebateAccrued, domain.RebateCredited)
		if err != nil || !ok {
			return err
		}
		return q.AddRebateAccrued(ctx, fleet.ID, -r.AmountCents)
	})
}
