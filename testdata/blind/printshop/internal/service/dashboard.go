package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/repository"
)

type Dashboard struct {
	db      *gorm.DB
	orders  repository.OrderRepository
	idem    repository.IdempotencyRepository
	wallets WalletService
	enqueue tasks.Enqueuer
	log     *zap.Logger
}

func NewDashboard(db *gorm.DB, orders repository.OrderRepository, idem repository.IdempotencyRepository,
	wallets WalletService, enqueue tasks.Enqueuer, log *zap.Logger) *Dashboard {
	return &Dashboard{db: db, orders: orders, idem: idem, wallets: wallets, enqueue: enqueue, log: log.Named("dashboard")}
}

// AdjustWallet applies a support adjustment. adjustmentID comes from the
// dashboard and is the ledger idempotency key, so repeats are no-ops.
func (s *Dashboard) AdjustWallet(ctx context.Context, merchantID, adjustmentID string, amount int64, memo string) (int64, error) {
	if adjustmentID == "" || amount == 0 {
		return 0, fmt.Errorf("%w: adjustment id and non-zero amount required", ErrInvalid)
	}
	key := "adjust:" + merchantID + ":" + adjustmentID
	var balance int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		_, bal, err := s.wallets.Post(ctx, tx, model.LedgerEntry{
			ID:             model.NewLedgerID(),
			MerchantID:     merchantID,
			Kind:           model.LedgerAdjustment,
			AmountCents:    amount,
			Reference:      adjustmentID,
			IdempotencyKey: &key,
			Memo:           memo,
		})
		balance = bal
		return err
	})
	return balance, err
}

const scopeRefund = "order_refund"

// RefundOrder credits (part of) an order back to the merchant's wallet.
// Partial refunds are allowed, so the client's idempotency key is what tells
// a repeat from a second refund.
func (s *Dashboard) RefundOrder(ctx context.Context, merchantID, orderID, idempotencyKey string, amount int64, reason string) (*RefundResult, error) {
	if idempotencyKey == "" {
		return nil, fmt.Errorf("%w: idempotency key required", ErrInvalid)
	}
	if prior, err := s.idem.Get(ctx, scopeRefund, merchantID, idempotencyKey); err == nil {
		var res RefundResult
		if err := json.Unmarshal(prior.ResponseBody, &res); err != nil {
			return nil, err
		}
		return &res, nil
	} else if !errors.Is(err, repository.ErrNotFound) {
		return nil, err
	}

	order, err := s.orders.Get(ctx, orderID)
	if errors.Is(err, repository.ErrNotFound) || (err == nil && order.MerchantID != merchantID) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if amount <= 0 || amount > order.TotalCents {
		return nil, fmt.Errorf("%w: refund amount must be between 1 and %d", ErrInvalid, order.TotalCents)
	}
	switch order.Status {
	case model.OrderReceived, model.OrderPaymentDue, model.OrderCancelled:
		return nil, fmt.Errorf("%w: order is %s", ErrConflict, order.Status)
	}

	res := &RefundResult{OrderID: order.ID, AmountCents: amount}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		_, bal, err := s.wallets.Post(ctx, tx, model.LedgerEntry{
			MerchantID:  merchantID,
			Kind:        model.LedgerRefund,
			AmountCents: amount,
			Reference:   order.ID,
			Memo:        reason,
		})
		if err != nil {
			return err
		}
		res.BalanceCents = bal
		if amount == order.TotalCents {
			return s.orders.WithTx(tx).SetStatus(ctx, order.ID, model.OrderRefunded)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	body, _ := json.Marshal(res)
	if err := s.idem.Save(ctx, &model.IdempotencyKey{
		Scope:        scopeRefund,
		MerchantID:   merchantID,
		Key:          idempotencyKey,
		ResourceID:   order.ID,
		ResponseCode: 200,
		ResponseBody: body,
	}); err != nil {
		s.log.Warn("store refund idempotency key", zap.String("order_id", order.ID), zap.Error(err))
	}
	return res, nil
}

// RequestReturnLabel queues a prepaid return label for an order.
func (s *Dashboard) RequestReturnLabel(ctx context.Context, merchantID, orderID, reason string) error {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil || order.MerchantID != merchantID {
		return ErrNotFound
	}
	return tasks.EnqueueJSON(ctx, s.enqueue, tasks.TypeLabelReturn,
		tasks.LabelReturnPayload{OrderID: order.ID, Reason: reason},
		asynq.TaskID("return:"+order.ID), tasks.Retention())
}
