package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/payments"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

// Settlements pays merchants for the redemptions taken at their terminals.
// Each merchant gets one settlement per UTC day.
type Settlements interface {
	Schedule(ctx context.Context, day time.Time) (int, error)
	Build(ctx context.Context, merchantID string, day time.Time) (*db.Settlement, error)
	Payout(ctx context.Context, settlementID string) error
}

type settlementService struct {
	st       *store.Store
	jobs     tasks.Inserter
	gateway  payments.Gateway
	currency string
	log      *slog.Logger
}

func NewSettlements(st *store.Store, jobs tasks.Inserter, gw payments.Gateway, currency string, log *slog.Logger) Settlements {
	return &settlementService{st: st, jobs: jobs, gateway: gw, currency: currency, log: log}
}

func dayBounds(day time.Time) (time.Time, time.Time) {
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	return start, start.AddDate(0, 0, 1)
}

// Schedule enqueues one BuildSettlement job per merchant with unsettled
// redemptions before the end of day.
func (s *settlementService) Schedule(ctx context.Context, day time.Time) (int, error) {
	start, end := dayBounds(day)
	merchants, err := s.st.Q().ListMerchantsWithUnsettled(ctx, end)
	if err != nil {
		return 0, err
	}
	if len(merchants) == 0 {
		return 0, nil
	}
	params := make([]river.InsertManyParams, 0, len(merchants))
	for _, m := range merchants {
		params = append(params, river.InsertManyParams{
			Args: tasks.BuildSettlement{MerchantID: m, PeriodStart: start},
			InsertOpts: &river.InsertOpts{
				UniqueOpts: river.UniqueOpts{ByArgs: true},
			},
		})
	}
	res, err := s.jobs.InsertMany(ctx, params)
	if err != nil {
		return 0, fmt.Errorf("enqueue settlements: %w", err)
	}
	return len(res), nil
}

// Build creates the settlement header, attaches the day's redemptions to it
// and queues the payout.
func (s *settlementService) Build(ctx context.Context, merchantID string, day time.Time) (*db.Settlement, error) {
	start, end := dayBounds(day)
	var out db.Settlement
	err := s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, tx pgx.Tx) error {
		settlement, err := q.CreateSettlement(ctx, db.CreateSettlementParams{
			ID:          ids.New("stl"),
			MerchantID:  merchantID,
			PeriodStart: start,
			PeriodEnd:   end,
			Currency:    s.currency,
		})
		if err != nil {
			return fmt.Errorf("create settlement %s/%s: %w", merchantID, start.Format(time.DateOnly), err)
		}
		totals, err := q.AssignRedemptionsToSettlement(ctx, db.AssignRedemptionsToSettlementParams{
			SettlementID: &settlement.ID,
			MerchantID:   merchantID,
			PeriodStart:  start,
			PeriodEnd:    end,
		})
		if err != nil {
			return err
		}
		status := "pending_payout"
		if totals.RedemptionCount == 0 {
			status = "empty"
		}
		if err := q.UpdateSettlementTotals(ctx, db.UpdateSettlementTotalsParams{
			ID: settlement.ID, GrossCents: totals.GrossCents, RedemptionCount: totals.RedemptionCount, Status: status,
		}); err != nil {
			return err
		}
		settlement.GrossCents, settlement.RedemptionCount, settlement.Status = totals.GrossCents, totals.RedemptionCount, status
		out = settlement
		if status == "empty" {
			return nil
		}
		_, err = s.jobs.InsertTx(ctx, tx, tasks.PayoutSettlement{SettlementID: settlement.ID}, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Payout transfers the settlement amount to the merchant's connected
// account. The payout row is written first and its id is the Stripe
// idempotency key, so a retried job re-sends the same transfer request.
func (s *settlementService) Payout(ctx context.Context, settlementID string) error {
	var (
		payout   db.Payout
		merchant db.Merchant
		stl      db.Settlement
	)
	err := s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, _ pgx.Tx) error {
		var err error
		if stl, err = q.GetSettlement(ctx, settlementID); err != nil {
			return err
		}
		if merchant, err = q.GetMerchant(ctx, stl.MerchantID); err != nil {
			return err
		}
		if _, err = q.InsertPayout(ctx, db.InsertPayoutParams{
			ID:           ids.New("po"),
			SettlementID: stl.ID,
			MerchantID:   stl.MerchantID,
			AmountCents:  stl.GrossCents,
			Currency:     stl.Currency,
		}); err != nil {
			return err
		}
		if payout, err = q.GetPayoutBySettlement(ctx, stl.ID); err != nil {
			return err
		}
		if stl.Status != "pending_payout" {
			return nil
		}
		return q.SetSettlementStatus(ctx, db.SetSettlementStatusParams{ID: stl.ID, Status: "paying"})
	})
	if err != nil {
		return fmt.Errorf("prepare payout: %w", err)
	}
	if payout.Status == "paid" {
		return nil
	}

	tr, err := s.gateway.Transfer(ctx, payments.TransferRequest{
		AmountCents:        payout.AmountCents,
		Currency:           payout.Currency,
		DestinationAccount: merchant.StripeAccountID,
		TransferGroup:      stl.ID,
		Description:        fmt.Sprintf("Gift card settlement %s", stl.PeriodStart.Format(time.DateOnly)),
	}, payments.WithIdempotencyKey(payout.ID), payments.WithMetadata("settlement_id", stl.ID))
	if err != nil {
		return fmt.Errorf("transfer: %w", err)
	}

	return s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, tx pgx.Tx) error {
		if err := q.MarkPayoutPaid(ctx, db.MarkPayoutPaidParams{ID: payout.ID, StripeTransferID: &tr.TransferID}); err != nil {
			return err
		}
		if err := q.SetSettlementStatus(ctx, db.SetSettlementStatusParams{ID: stl.ID, Status: "paid"}); err != nil {
			return err
		}
		return enqueueMerchantEvent(ctx, q, tx, s.jobs, stl.MerchantID, "settlement.paid", payout.ID, map[string]any{
			"settlement_id":    stl.ID,
			"period_start":     stl.PeriodStart.Format(time.DateOnly),
			"amount_cents":     payout.AmountCents,
			"currency":         payout.Currency,
			"redemption_count": stl.RedemptionCount,
			"transfer_id":      tr.TransferID,
		})
	})
}
