// Package settlement settles with shops every month: the shop is reimbursed
// the voucher deposits it paid out in cash and earns a handling fee per
// container its kiosks took back.
package settlement

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/segmentio/ksuid"

	"github.com/pantloop/deposit/internal/bank"
	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/period"
	"github.com/pantloop/deposit/internal/pgutil"
	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
)

// ErrNothingToSettle is returned for a shop with no payouts and no returns
// in the period.
var ErrNothingToSettle = errors.New("settlement: nothing to settle")

// Payer sends settlement money to a shop's account.
type Payer interface {
	Transfer(ctx context.Context, ct bank.CreditTransfer) (*bank.PaymentOrder, error)
}

type Service struct {
	pool  txn.Pool
	pub   bus.Publisher
	payer Payer
	log   *slog.Logger
}

func NewService(pool txn.Pool, pub bus.Publisher, payer Payer, log *slog.Logger) *Service {
	return &Service{pool: pool, pub: pub, payer: payer, log: log}
}

// ShopsToSettle lists the shops that take part in a settlement run.
func (s *Service) ShopsToSettle(ctx context.Context) ([]string, error) {
	shops, err := store.New(s.pool).ListActiveShops(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(shops))
	for _, sh := range shops {
		ids = append(ids, sh.ID)
	}
	return ids, nil
}

// Statement is the computed settlement before it is stored.
type Statement struct {
	ShopID           string
	Month            period.Month
	ReimbursedCents  int64
	CashPayouts      int64
	Containers       int64
	HandlingFeeCents int64
}

func (st Statement) Total() int64 { return st.ReimbursedCents + st.HandlingFeeCents }

func compute(ctx context.Context, q *store.Queries, shop store.Shop, m period.Month) (Statement, error) {
	cash, err := q.SumUnsettledCashPayouts(ctx, store.SumUnsettledCashPayoutsParams{
		ShopID:     shop.ID,
		PaidBefore: m.End,
	})
	if err != nil {
		return Statement{}, err
	}
	containers, err := q.CountContainersForShop(ctx, store.CountContainersForShopParams{
		ShopID: shop.ID,
		From:   m.Start,
		To:     m.End,
	})
	if err != nil {
		return Statement{}, err
	}
	return Statement{
		ShopID:           shop.ID,
		Month:            m,
		ReimbursedCents:  cash.AmountCents,
		CashPayouts:      cash.Payouts,
		Containers:       containers,
		HandlingFeeCents: containers * int64(shop.HandlingFeeCents),
	}, nil
}

// SettleShop creates the month's settlement for a shop, attaches the cash
// payouts it reimburses and announces it for payment.
func (s *Service) SettleShop(ctx context.Context, shopID string, m period.Month) (store.Settlement, error) {
	var settled store.Settlement
	err := txn.Run(ctx, s.pool, func(q *store.Queries) error {
		shop, err := q.GetShop(ctx, shopID)
		if err != nil {
			return err
		}
		st, err := compute(ctx, q, shop, m)
		if err != nil {
			return err
		}
		if st.Total() == 0 {
			return ErrNothingToSettle
		}
		settled, err = q.CreateSettlement(ctx, store.CreateSettlementParams{
			ID:               "stl_" + ksuid.New().String(),
			ShopID:           shop.ID,
			PeriodStart:      m.Start,
			PeriodEnd:        m.LastDay(),
			ReimbursedCents:  st.ReimbursedCents,
			Containers:       st.Containers,
			HandlingFeeCents: st.HandlingFeeCents,
			TotalCents:       st.Total(),
		})
		if err != nil {
			return err
		}
		attached, err := q.AttachCashPayouts(ctx, store.AttachCashPayoutsParams{
			SettlementID: settled.ID,
			ShopID:       shop.ID,
			PaidBefore:   m.End,
		})
		if err != nil {
			return err
		}
		if attached != st.CashPayouts {
			return fmt.Errorf("settlement %s: attached %d cash payouts, expected %d", settled.ID, attached, st.CashPayouts)
		}
		return nil
	})
	if err != nil {
		return store.Settlement{}, err
	}

	ev := events.SettlementApproved{SettlementID: settled.ID, ShopID: settled.ShopID, TotalCents: settled.TotalCents}
	if err := s.pub.Publish(ctx, events.SubjectSettlementApproved, ev, settled.ID); err != nil {
		return settled, fmt.Errorf("announce settlement %s: %w", settled.ID, err)
	}
	s.log.Info("shop settled", "shop", shopID, "period", m.Key(), "settlement", settled.ID, "total_cents", settled.TotalCents)
	return settled, nil
}

// PayShop transfers an approved settlement to the shop's bank account.
func (s *Service) PayShop(ctx context.Context, ev events.SettlementApproved) error {
	q := store.New(s.pool)
	st, err := q.GetSettlement(ctx, ev.SettlementID)
	if pgutil.IsNoRows(err) {
		return bus.Permanent(fmt.Errorf("settlement %s not found", ev.SettlementID))
	}
	if err != nil {
		return err
	}
	if st.Status != "approved" {
		return nil
	}
	shop, err := q.GetShop(ctx, st.ShopID)
	if err != nil {
		return err
	}

	order, err := s.payer.Transfer(ctx, bank.CreditTransfer{
		EndToEndID:     st.ID,
		CreditorIBAN:   shop.Iban,
		CreditorName:   shop.AccountHolder,
		AmountCents:    st.TotalCents,
		RemittanceInfo: fmt.Sprintf("Pantloop settlement %s %s", shop.ID, st.PeriodStart.Format("2006-01")),
	})
	if err != nil {
		return err
	}

	if _, err := q.MarkSettlementPaid(ctx, store.MarkSettlementPaidParams{ID: st.ID, BankPaymentID: order.PaymentID}); err != nil {
		return err
	}
	return nil
}
