package billing

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/providers/payments"
	"github.com/northgate/tolls/internal/storage"
)

// SettlementRequest asks for a postpaid account's period to be charged to
// its card. The nightly statement job assigns SettlementID.
type SettlementRequest struct {
	SettlementID string   `json:"settlement_id"`
	AccountID    string   `json:"account_id"`
	AmountCents  int64    `json:"amount_cents"`
	Period       string   `json:"period"`
	TripIDs      []string `json:"trip_ids"`
}

// Settle charges a postpaid settlement.
//
// The pending card payment is claimed on the settlement's operation key and
// committed before the gateway is called; the stored row's ID is the gateway
// idempotency key, so every delivery of the same settlement uses one key.
func (s *Impl) Settle(ctx context.Context, req SettlementRequest) error {
	if req.SettlementID == "" || req.AmountCents <= 0 {
		return fmt.Errorf("%w: settlement %q", domain.ErrInvalid, req.SettlementID)
	}
	acct, err := s.accounts.Get(ctx, req.AccountID)
	if err != nil {
		return err
	}
	opKey := "settlement:" + req.SettlementID
	now := time.Now().UTC()
	p, err := s.cardPayments.Claim(ctx, &domain.CardPayment{
		ID:           ids.New(),
		OperationKey: &opKey,
		AccountID:    acct.ID,
		Purpose:      domain.PurposeSettlement,
		AmountCents:  req.AmountCents,
		Currency:     s.cfg.Currency,
		Status:       "pending",
		Reference:    "STL-" + req.SettlementID,
		CreatedAt:    now,
		UpdatedAt:    now,
	})
	if err != nil {
		return fmt.Errorf("claim settlement %s: %w", req.SettlementID, err)
	}
	if p.Status != "pending" {
		return nil
	}

	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		Reference:        p.Reference,
		ShopperReference: acct.ShopperReference,
		PaymentToken:     acct.PaymentToken,
		Amount:           s.money(p.AmountCents),
		Description:      "NGTOLLS " + req.Period,
	}, payments.WithIdempotencyKey(p.ID))
	if err != nil {
		return fmt.Errorf("settle %s: %w", req.SettlementID, err)
	}

	status := "succeeded"
	if !res.Authorised() {
		status = "failed"
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		moved, err := s.cardPayments.Transition(storage.WithTx(ctx, tx), p.ID, "pending", status, res.PSPReference)
		if err != nil || !moved {
			return err
		}
		if status == "succeeded" {
			return tx.Model(&domain.Account{}).Where("id = ?", acct.ID).
				Update("outstanding_cents", gorm.Expr("GREATEST(outstanding_cents - ?, 0)", p.AmountCents)).Error
		}
		return nil
	})
	if err != nil {
		return err
	}
	if status == "failed" {
		s.log.Info("settlement declined", zap.String("settlement_id", req.SettlementID), zap.String("reason", res.RefusalReason))
	}
	if s.cfg.Topics.AccountEvents != "" {
		// Best effort: statements are rebuilt from card_payments nightly.
		if _, perr := s.pub.PublishFIFO(ctx, s.cfg.Topics.AccountEvents, acct.ID, "settlement:"+p.ID, events.Event{
			Type: "settlement." + status, AccountID: acct.ID, OccurredAt: time.Now().UTC(),
			Data: map[string]any{"settlement_id": req.SettlementID, "amount_cents": p.AmountCents, "period": req.Period},
		}); perr != nil {
			s.log.Warn("settlement event not published", zap.String("settlement_id", req.SettlementID), zap.Error(perr))
		}
	}
	return nil
}
