package payout

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/events"
	"github.com/acme/escrow/internal/platform/ids"
	"github.com/acme/escrow/internal/platform/retry"
	"github.com/acme/escrow/internal/platform/txn"
	"github.com/acme/escrow/internal/provider/payments"
)

// CreateDailyBatch groups the funds released to each seller on day (UTC)
// into a payout batch and schedules one payout job per seller.
func (s *Service) CreateDailyBatch(ctx context.Context, day time.Time) (int64, error) {
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 0, 1)

	var itemIDs []int64
	batchID, err := txn.Run(ctx, s.uow, func(ctx context.Context, q db.Querier) (int64, error) {
		batchID, err := q.InsertPayoutBatch(ctx, pgtype.Date{Time: start, Valid: true})
		if err != nil {
			return 0, fmt.Errorf("insert batch: %w", err)
		}
		rows, err := q.ListSellerReleasesForWindow(ctx, db.ListSellerReleasesForWindowParams{
			WindowStart: start,
			WindowEnd:   end,
		})
		if err != nil {
			return 0, err
		}
		for _, r := range rows {
			id, err := q.InsertPayoutItem(ctx, db.InsertPayoutItemParams{
				BatchID:         batchID,
				SellerID:        r.SellerID,
				StripeAccountID: r.StripeAccountID,
				AmountCents:     r.AmountCents,
				Currency:        r.Currency,
			})
			if err != nil {
				return 0, err
			}
			itemIDs = append(itemIDs, id)
		}
		return batchID, s.jobs.EnqueueSellerPayouts(ctx, itemIDs)
	})
	if err != nil {
		return 0, err
	}

	s.log.InfoContext(ctx, "payout batch created", "batch_id", batchID, "items", len(itemIDs))
	return batchID, s.pub.Publish(ctx, events.SubjectPayoutBatchCreated, events.PayoutBatchCreated{
		BatchID:   batchID,
		BatchDate: start.Format(time.DateOnly),
		Items:     len(itemIDs),
	}, "")
}

// PayItem creates the Stripe payout for one payout item.
func (s *Service) PayItem(ctx context.Context, itemID int64) error {
	item, err := s.q.GetPayoutItem(ctx, itemID)
	if err != nil {
		return fmt.Errorf("load payout item %d: %w", itemID, err)
	}
	if item.Status == StatusPaid {
		return nil
	}

	// One key for all attempts below, so transient errors don't double pay.
	key := ids.Key("payout", s.ids.New())
	payoutID, err := retry.Do(ctx, s.retry, func() (string, error) {
		return s.payouts.Payout(ctx, payments.PayoutRequest{
			ConnectedAccount: item.StripeAccountID,
			AmountCents:      item.AmountCents,
			Currency:         item.Currency,
			Description:      "Marketplace sales payout",
			IdempotencyKey:   key,
		})
	})
	if err != nil {
		return err
	}

	if err := s.q.MarkPayoutItemPaid(ctx, db.MarkPayoutItemPaidParams{ID: item.ID, StripePayoutID: payoutID}); err != nil {
		return fmt.Errorf("mark item paid: %w", err)
	}
	ref := strconv.FormatInt(item.ID, 10)
	if err := s.ledger.RecordSellerPayout(ctx, "payout_item:"+ref, item.AmountCents, item.Currency); err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	return s.pub.Publish(ctx, events.SubjectPayoutPaid, events.PayoutPaid{
		PayoutItemID:   item.ID,
		SellerID:       item.SellerID,
		AmountCents:    item.AmountCents,
		Currency:       item.Currency,
		StripePayoutID: payoutID,
	}, ids.Key("payout-paid", ref))
}

// NotifyPaid tells the seller by SMS that a payout is on its way.
func (s *Service) NotifyPaid(ctx context.Context, ev events.PayoutPaid) error {
	sent, err := s.q.CountNotificationsForItem(ctx, ev.PayoutItemID)
	if err != nil {
		return err
	}
	if sent > 0 {
		return nil
	}
	acct, err := s.q.GetSellerAccount(ctx, ev.SellerID)
	if err != nil {
		return fmt.Errorf("seller account: %w", err)
	}
	text := fmt.Sprintf("Your payout of %s %.2f is on its way.", ev.Currency, float64(ev.AmountCents)/100)
	ref, err := s.notifier.SendSMS(ctx, acct.Phone, text)
	if err != nil {
		return err
	}
	return s.q.InsertSellerNotification(ctx, db.InsertSellerNotificationParams{
		ID:           uuid.New(),
		SellerID:     ev.SellerID,
		PayoutItemID: ev.PayoutItemID,
		Channel:      "sms",
		VendorRef:    ref,
	})
}
