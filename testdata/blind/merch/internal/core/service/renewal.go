package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// AuthRenewalService keeps card holds alive on pre-orders that wait
// longer than an authorisation lasts: before the hold lapses it places a
// fresh off-session hold on the saved card and releases the old one.
type AuthRenewalService struct {
	base
	store     ports.Store
	tx        ports.TxRunner
	payments  ports.PaymentProvider
	newKey    func() string
	lookahead time.Duration
}

func NewAuthRenewalService(store ports.Store, tx ports.TxRunner, payments ports.PaymentProvider, newKey func() string, lookahead time.Duration, log *slog.Logger, opts ...Option) *AuthRenewalService {
	return &AuthRenewalService{
		base:      newBase(log.With("svc", "auth-renewal"), opts),
		store:     store,
		tx:        tx,
		payments:  payments,
		newKey:    newKey,
		lookahead: lookahead,
	}
}

type RenewalSummary struct {
	Renewed  int
	Declined int
}

func (s *AuthRenewalService) RenewExpiring(ctx context.Context, batch int32) (RenewalSummary, error) {
	var sum RenewalSummary
	orders, err := s.store.ListExpiringAuthorizations(ctx, s.now().Add(s.lookahead), batch)
	if err != nil {
		return sum, err
	}
	for _, o := range orders {
		err := s.renew(ctx, o)
		switch {
		case err == nil:
			sum.Renewed++
		case errors.Is(err, ports.ErrDeclined):
			sum.Declined++
			s.log.WarnContext(ctx, "renewal declined; order left to lapse for support follow-up", "order_id", o.ID, "err", err)
		default:
			return sum, fmt.Errorf("renew order %s: %w", o.ID, err)
		}
	}
	return sum, nil
}

func (s *AuthRenewalService) renew(ctx context.Context, o domain.Order) error {
	old, err := s.payments.GetPaymentIntent(ctx, o.PaymentIntentID)
	if err != nil {
		return err
	}
	items, err := s.store.ListOrderItems(ctx, o.ID)
	if err != nil {
		return err
	}
	amount := domain.ActiveTotal(items)
	pi, err := s.payments.Reauthorize(ctx, ports.ReauthorizationInput{
		OrderID:         o.ID.String(),
		CustomerID:      old.CustomerID,
		PaymentMethodID: old.PaymentMethodID,
		AmountCents:     amount,
		Currency:        o.Currency,
		IdempotencyKey:  "reauth:" + o.ID.String() + ":" + s.newKey(),
	})
	if err != nil {
		return err
	}
	now := s.now()
	err = s.tx.InTx(ctx, func(st ports.Store) error {
		op, err := st.InsertOperation(ctx, domain.PaymentOperation{
			ID:           s.newID(),
			OrderID:      o.ID,
			Kind:         domain.OpReauthorize,
			OperationKey: "reauth:" + pi.ID,
			AmountCents:  amount,
			CreatedAt:    now,
		})
		if err != nil {
			return err
		}
		if err := st.CompleteOperation(ctx, op.ID, pi.ID); err != nil {
			return err
		}
		return st.ReplaceAuthorization(ctx, o.ID, pi.ID, now, now.Add(authTTL))
	})
	if err != nil {
		return err
	}
	// The order now points at the new hold; release the old one.
	_, err = s.payments.Cancel(ctx, ports.CancelInput{
		PaymentIntentID: old.ID,
		Reason:          "abandoned",
		IdempotencyKey:  cancelKey(old.ID),
	})
	if err != nil && !errors.Is(err, ports.ErrIntentState) {
		s.log.WarnContext(ctx, "old hold not released; it will lapse on its own", "order_id", o.ID, "payment_intent", old.ID, "err", err)
	}
	return nil
}
