package disbursement

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/platform/ids"
	"github.com/civicfund/grants/internal/platform/retry"
	"github.com/civicfund/grants/internal/ports"
	"github.com/civicfund/grants/internal/providers/bank"
	"github.com/civicfund/grants/internal/repo"
)

const errInsufficientFunds = "InsufficientFunds"

// Activities are the struct-registered activities of DisburseGrantWorkflow.
type Activities struct {
	DB            db.Beginner
	Grants        repo.Grants
	Funds         repo.Funds
	Payouts       repo.Payouts
	Disbursements repo.Disbursements
	Orgs          repo.Organizations
	Bank          ports.BankPayouts
	Policy        retry.Policy
	Now           func() time.Time
}

// ReserveFunds earmarks the tranche amount in the grant's fund.
func (a *Activities) ReserveFunds(ctx context.Context, in ReserveInput) (string, error) {
	return db.RunInTx(ctx, a.DB, func(tx *sqlx.Tx) (string, error) {
		funds := a.Funds.WithTx(tx)

		// Locking the grant row serialises attempts for the same grant.
		g, err := a.Grants.WithTx(tx).GetForUpdate(ctx, in.GrantID)
		if err != nil {
			return "", err
		}
		existing, err := funds.FindReservation(ctx, in.GrantID, in.Tranche)
		if err == nil {
			return existing.ID, nil
		}
		if !errors.Is(err, db.ErrNotFound) {
			return "", err
		}

		bal, err := funds.GetForUpdate(ctx, g.FundID)
		if err != nil {
			return "", err
		}
		if bal.AvailableCents < in.AmountCents {
			return "", temporal.NewNonRetryableApplicationError(
				fmt.Sprintf("fund %s has %d available, need %d", g.FundID, bal.AvailableCents, in.AmountCents),
				errInsufficientFunds, nil)
		}

		res := domain.Reservation{
			ID:          ids.K(),
			GrantID:     in.GrantID,
			Tranche:     in.Tranche,
			FundID:      g.FundID,
			AmountCents: in.AmountCents,
		}
		if err := funds.InsertReservation(ctx, res); err != nil {
			return "", err
		}
		if err := funds.MoveToReserved(ctx, g.FundID, in.AmountCents); err != nil {
			return "", err
		}
		return res.ID, nil
	})
}

// SubmitPayout sends the tranche to the bank partner. The payout row (with an
// id derived from grant and tranche) is written before the call and its id is
// the partner's Idempotency-Key.
func (a *Activities) SubmitPayout(ctx context.Context, in PayoutInput) (PayoutResult, error) {
	logger := activity.GetLogger(ctx)
	payoutID := PayoutID(in.GrantID, in.Tranche)

	p, err := a.Payouts.Ensure(ctx, domain.Payout{
		ID:          payoutID,
		GrantID:     in.GrantID,
		Tranche:     in.Tranche,
		AmountCents: in.AmountCents,
	})
	if err != nil {
		return PayoutResult{}, err
	}
	if p.Status != domain.PayoutPending && p.BankTransferID != nil {
		return PayoutResult{PayoutID: p.ID, TransferID: *p.BankTransferID}, nil
	}

	org, err := a.Orgs.Get(ctx, in.OrgID)
	if err != nil {
		return PayoutResult{}, err
	}

	requestID := ids.New()
	attempt := 0
	transfer, err := retry.DoValue(ctx, a.Policy, func() (*ports.Transfer, error) {
		attempt++
		activity.RecordHeartbeat(ctx, attempt)
		t, callErr := a.Bank.CreateTransfer(ctx, ports.TransferRequest{
			Reference:      payoutID,
			BeneficiaryRef: org.BankAccountRef,
			AmountCents:    in.AmountCents,
			Currency:       in.Currency,
			Narrative:      "CivicFund grant " + in.GrantID,
		}, bank.WithIdempotencyKey(payoutID), bank.WithRequestID(requestID))

		errText := ""
		if callErr != nil {
			errText = callErr.Error()
		}
		if logErr := a.Payouts.LogAttempt(ctx, ids.New(), payoutID, attempt, errText); logErr != nil {
			logger.Warn("payout attempt log failed", "payout_id", payoutID, "error", logErr)
		}
		return t, retry.ClassifyHTTP(callErr)
	})
	if err != nil {
		return PayoutResult{}, fmt.Errorf("submit payout %s: %w", payoutID, err)
	}

	if err := a.Payouts.MarkSubmitted(ctx, payoutID, transfer.ID); err != nil {
		return PayoutResult{}, err
	}
	logger.Info("payout submitted", "payout_id", payoutID, "transfer_id", transfer.ID, "request_id", requestID)
	return PayoutResult{PayoutID: payoutID, TransferID: transfer.ID}, nil
}

// FinalizeTranche books the paid tranche against the grant and releases the
// fund reservation.
func (a *Activities) FinalizeTranche(ctx context.Context, in FinalizeInput) error {
	// Roll the tranche into the grant's running total first so the grant
	// dashboard reflects money that has left the bank.
	if err := a.Grants.AddDisbursed(ctx, in.GrantID, in.AmountCents); err != nil {
		return fmt.Errorf("add disbursed: %w", err)
	}
	if err := a.Disbursements.Insert(ctx, domain.Disbursement{
		GrantID:     in.GrantID,
		Tranche:     in.Tranche,
		PayoutID:    in.PayoutID,
		AmountCents: in.AmountCents,
		RecordedAt:  a.Now().UTC(),
	}); err != nil {
		return fmt.Errorf("record disbursement: %w", err)
	}
	return a.Funds.ConsumeReservation(ctx, in.GrantID, in.Tranche)
}
