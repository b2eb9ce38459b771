package billing

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/providers/payments"
)

// AutoTopUpRequest is queued by the trip charger when a prepaid balance
// drops below the account's threshold.
type AutoTopUpRequest struct {
	AccountID      string    `json:"account_id"`
	BalanceCents   int64     `json:"balance_cents"`
	ThresholdCents int64     `json:"threshold_cents"`
	TriggeredBy    string    `json:"triggered_by"`
	RequestedAt    time.Time `json:"requested_at"`
}

// AutoTopUp tops up a prepaid balance that fell below its threshold.
func (s *Impl) AutoTopUp(ctx context.Context, req AutoTopUpRequest) error {
	acct, err := s.accounts.Get(ctx, req.AccountID)
	if err != nil {
		return err
	}
	if acct.Status != domain.AccountActive || acct.AutoTopUpAmount <= 0 || acct.PaymentToken == "" {
		return nil
	}
	if acct.BalanceCents >= acct.AutoTopUpThreshold {
		// Someone (a manual top-up, an earlier request) already fixed it.
		return nil
	}

	now := time.Now().UTC()
	t := &domain.TopUp{
		ID:          ids.New(),
		AccountID:   acct.ID,
		AmountCents: acct.AutoTopUpAmount,
		Source:      "auto",
		Status:      domain.TopUpPending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		Reference:        t.ID,
		ShopperReference: acct.ShopperReference,
		PaymentToken:     acct.PaymentToken,
		Amount:           s.money(t.AmountCents),
		Description:      "NGTOLLS AUTO TOPUP",
	})
	if err != nil {
		return fmt.Errorf("auto top-up %s: %w", acct.ID, err)
	}
	if !res.Authorised() {
		t.Status, t.FailureReason = domain.TopUpFailed, res.RefusalReason
		s.log.Info("auto top-up declined", zap.String("account_id", acct.ID), zap.String("reason", res.RefusalReason))
		return s.topups.Create(ctx, t)
	}
	t.Status, t.PSPReference = domain.TopUpSucceeded, res.PSPReference
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.topups.Create(ctx, t); err != nil {
			return err
		}
		return s.ledger.Post(ctx, &domain.LedgerEntry{
			ID:          ids.Derive("ledger.topup", t.ID),
			AccountID:   acct.ID,
			Kind:        domain.LedgerTopUp,
			AmountCents: t.AmountCents,
			Reference:   t.ID,
			Memo:        "automatic top-up",
		})
	})
}
