package billing

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/providers/payments"
)

// PayOutstanding charges the card on file for a postpaid account's unpaid
// tolls.
func (s *Impl) PayOutstanding(ctx context.Context, accountID string) (*domain.CardPayment, error) {
	acct, err := s.accounts.Get(ctx, accountID)
	if err != nil {
		return nil, err
	}
	if acct.OutstandingCents <= 0 {
		return nil, fmt.Errorf("%w: nothing outstanding", domain.ErrPrecondition)
	}
	if acct.PaymentToken == "" {
		return nil, fmt.Errorf("%w: no card on file", domain.ErrPrecondition)
	}

	now := time.Now().UTC()
	p := &domain.CardPayment{
		ID:          ids.New(),
		AccountID:   acct.ID,
		Purpose:     domain.PurposeOutstanding,
		AmountCents: acct.OutstandingCents,
		Currency:    s.cfg.Currency,
		Status:      "pending",
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	p.Reference = "PAY-" + p.ID

	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		Reference:        p.Reference,
		ShopperReference: acct.ShopperReference,
		PaymentToken:     acct.PaymentToken,
		Amount:           s.money(p.AmountCents),
		Description:      "NGTOLLS BALANCE DUE",
	}, payments.WithIdempotencyKey(p.ID))
	if err != nil {
		return nil, fmt.Errorf("pay outstanding: %w", err)
	}
	if !res.Authorised() {
		s.log.Info("outstanding payment declined", zap.String("account_id", acct.ID), zap.String("reason", res.RefusalReason))
		return nil, fmt.Errorf("%w: %s", domain.ErrPaymentDeclined, res.RefusalReason)
	}
	p.Status = "succeeded"
	p.PSPReference = res.PSPReference

	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(p).Error; err != nil {
			return err
		}
		return tx.Model(&domain.Account{}).Where("id = ?", acct.ID).Updates(map[string]any{
			"outstanding_cents": gorm.Expr("outstanding_cents - ?", p.AmountCents),
			"updated_at":        time.Now().UTC(),
		}).Error
	})
	if err != nil {
		return nil, fmt.Errorf("record outstanding payment %s: %w", res.PSPReference, err)
	}
	return p, nil
}
