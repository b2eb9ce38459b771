package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/provider/payments"
	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/repository"
)

// Payments is the subset of the card processor client used for top-ups.
type Payments interface {
	Charge(ctx context.Context, req payments.ChargeRequest, opts ...payments.RequestOption) (*payments.Charge, error)
}

type Topups struct {
	db        *gorm.DB
	merchants repository.MerchantRepository
	topups    repository.TopupRepository
	idem      repository.IdempotencyRepository
	orders    repository.OrderRepository
	wallets   WalletService
	notify    NotificationService
	pay       Payments
	enqueue   tasks.Enqueuer
	log       *zap.Logger

	newKey func() string
}

func NewTopups(db *gorm.DB, merchants repository.MerchantRepository, topups repository.TopupRepository,
	idem repository.IdempotencyRepository, orders repository.OrderRepository, wallets WalletService,
	notify NotificationService, pay Payments, enqueue tasks.Enqueuer, log *zap.Logger) *Topups {
	return &Topups{
		db: db, merchants: merchants, topups: topups, idem: idem, orders: orders, wallets: wallets,
		notify: notify, pay: pay, enqueue: enqueue, log: log.Named("topups"),
		newKey: uuid.NewString,
	}
}

const scopeTopup = "wallet_topup"

// CreateTopup charges the merchant's card on file. The caller's
// Idempotency-Key is claimed together with the pending top-up row, and the
// top-up id is what the processor sees as its idempotency key.
func (s *Topups) CreateTopup(ctx context.Context, merchantID, idempotencyKey string, amount int64) (*model.WalletTopup, error) {
	if idempotencyKey == "" {
		return nil, fmt.Errorf("%w: Idempotency-Key header is required", ErrInvalid)
	}
	if amount < 500 || amount > 1_000_000 {
		return nil, fmt.Errorf("%w: amount out of range", ErrInvalid)
	}
	m, err := s.merchants.Get(ctx, merchantID)
	if err != nil {
		return nil, err
	}
	if m.PaymentMethodRef == nil {
		return nil, fmt.Errorf("%w: no payment method on file", ErrConflict)
	}

	topup := &model.WalletTopup{
		ID:          model.NewID(model.PrefixTopup),
		MerchantID:  m.ID,
		AmountCents: amount,
		Status:      model.TopupPending,
		Source:      "api",
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claimed, err := s.idem.WithTx(tx).Claim(ctx, &model.IdempotencyKey{
			Scope:      scopeTopup,
			MerchantID: m.ID,
			Key:        idempotencyKey,
			ResourceID: topup.ID,
		})
		if err != nil {
			return err
		}
		if !claimed {
			k, err := s.idem.WithTx(tx).Get(ctx, scopeTopup, m.ID, idempotencyKey)
			if err != nil {
				return err
			}
			topup, err = s.topups.WithTx(tx).Get(ctx, k.ResourceID)
			return err
		}
		return s.topups.WithTx(tx).Create(ctx, topup)
	})
	if err != nil {
		return nil, err
	}
	if topup.AmountCents != amount {
		return nil, fmt.Errorf("%w: idempotency key reused with a different amount", ErrConflict)
	}
	if topup.Status != model.TopupPending {
		return topup, nil
	}
	return s.settle(ctx, m, topup, topup.ID)
}

// AutoTopup refills a wallet that dropped below the merchant's threshold.
func (s *Topups) AutoTopup(ctx context.Context, merchantID, trigger string) error {
	m, err := s.merchants.Get(ctx, merchantID)
	if err != nil {
		return err
	}
	if !m.AutotopupEnabled || m.PaymentMethodRef == nil || m.Status != model.MerchantActive {
		return nil
	}
	balance, err := s.wallets.Balance(ctx, m.ID)
	if err != nil {
		return err
	}
	if balance >= m.AutotopupThresholdCents {
		return nil
	}
	topup := &model.WalletTopup{
		ID:          model.NewID(model.PrefixTopup),
		MerchantID:  m.ID,
		AmountCents: m.AutotopupAmountCents,
		Status:      model.TopupPending,
		Source:      "auto:" + trigger,
	}
	if err := s.topups.Create(ctx, topup); err != nil {
		return err
	}
	_, err = s.settle(ctx, m, topup, s.newKey())
	return err
}

// settle charges the card for a pending top-up and credits the wallet.
func (s *Topups) settle(ctx context.Context, m *model.Merchant, topup *model.WalletTopup, chargeKey string) (*model.WalletTopup, error) {
	charge, err := s.pay.Charge(ctx, payments.ChargeRequest{
		AmountCents:   topup.AmountCents,
		Currency:      "usd",
		PaymentMethod: *m.PaymentMethodRef,
		Customer:      m.ID,
		Description:   "printshop wallet top-up",
		Metadata:      map[string]string{"topup_id": topup.ID, "source": topup.Source},
		OffSession:    topup.Source != "api",
	}, payments.WithIdempotencyKey(chargeKey))
	if errors.Is(err, payments.ErrDeclined) {
		reason := "declined"
		if charge != nil && charge.FailureReason != "" {
			reason = charge.FailureReason
		}
		if ferr := s.topups.MarkFailed(ctx, topup.ID, reason); ferr != nil {
			return nil, ferr
		}
		return s.topups.Get(ctx, topup.ID)
	}
	if err != nil {
		return nil, fmt.Errorf("topups: charge %s: %w", topup.ID, err)
	}

	var deliveries []string
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.topups.WithTx(tx).MarkSucceeded(ctx, topup.ID, charge.ID); err != nil {
			return err
		}
		key := "topup:" + topup.ID
		_, bal, err := s.wallets.Post(ctx, tx, model.LedgerEntry{
			MerchantID:     m.ID,
			Kind:           model.LedgerTopup,
			AmountCents:    topup.AmountCents,
			Reference:      topup.ID,
			IdempotencyKey: &key,
			Memo:           "card charge " + charge.ID,
		})
		if err != nil {
			return err
		}
		deliveries, err = s.notify.Emit(ctx, tx, m.ID, model.EventWalletToppedUp, map[string]any{
			"topup_id":      topup.ID,
			"amount_cents":  topup.AmountCents,
			"balance_cents": bal,
		}, topup.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := s.notify.Dispatch(ctx, deliveries); err != nil {
		s.log.Warn("dispatch topped_up", zap.String("topup_id", topup.ID), zap.Error(err))
	}
	s.releasePaymentDue(ctx, m.ID, topup.ID)
	return s.topups.Get(ctx, topup.ID)
}

// releasePaymentDue re-queues the charge step for orders that were waiting on
// funds.
func (s *Topups) releasePaymentDue(ctx context.Context, merchantID, topupID string) {
	due, err := s.orders.ListByStatus(ctx, merchantID, model.OrderPaymentDue, 100)
	if err != nil {
		s.log.Warn("list payment_due orders", zap.Error(err))
		return
	}
	for _, o := range due {
		err := tasks.EnqueueJSON(ctx, s.enqueue, tasks.TypeOrderCharge,
			tasks.OrderChargePayload{OrderID: o.ID},
			asynq.TaskID("charge:"+o.ID+":"+topupID), asynq.Queue(tasks.QueueCritical))
		if err != nil {
			s.log.Warn("requeue charge", zap.String("order_id", o.ID), zap.Error(err))
		}
	}
}
