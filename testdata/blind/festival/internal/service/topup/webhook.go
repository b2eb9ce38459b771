package topup

import (
	"context"
	"log/slog"

	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/events"
	"github.com/loopgate/festival-cashless/internal/store"
)

const eventAuthorisation = "AUTHORISATION"

// ApplyPaymentEvent books one PayBridge notification item. The event row
// and the wallet credit commit together.
func (s *Service) ApplyPaymentEvent(ctx context.Context, item payments.NotificationRequestItem) error {
	err := s.store.InTx(ctx, func(q *db.Queries) error {
		_, err := q.InsertPaymentEvent(ctx, db.InsertPaymentEventParams{
			PspReference:      item.PSPReference,
			EventCode:         item.EventCode,
			MerchantReference: item.MerchantReference,
			Success:           item.Succeeded(),
			AmountCents:       item.Amount.Value,
		})
		if store.NoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if item.EventCode != eventAuthorisation {
			return nil
		}
		if !item.Succeeded() {
			return q.MarkTopupFailed(ctx, item.MerchantReference)
		}
		psp := item.PSPReference
		t, err := q.MarkTopupSucceeded(ctx, db.MarkTopupSucceededParams{ID: item.MerchantReference, PspReference: &psp})
		if store.NoRows(err) {
			slog.WarnContext(ctx, "authorisation for unknown or settled top-up", "reference", item.MerchantReference)
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := q.CreditWallet(ctx, db.CreditWalletParams{ID: t.WalletID, Amount: t.AmountCents}); err != nil {
			return err
		}
		return store.Post(ctx, q, t.WalletID, store.LedgerTopup, t.AmountCents, "topup:"+t.ID)
	})
	if err != nil || item.EventCode != eventAuthorisation || !item.Succeeded() {
		return err
	}
	return s.announce(ctx, item.MerchantReference)
}

func (s *Service) announce(ctx context.Context, topupID string) error {
	t, err := s.store.GetTopup(ctx, topupID)
	if store.NoRows(err) {
		return nil
	}
	if err != nil || t.Status != StatusSucceeded {
		return err
	}
	w, err := s.store.GetWallet(ctx, t.WalletID)
	if err != nil {
		return err
	}
	return s.pub.Publish(ctx, events.SubjectTopupsSucceeded, "topup-succeeded:"+t.ID, events.TopupSucceeded{
		TopupID:     t.ID,
		WalletID:    t.WalletID,
		AttendeeID:  w.AttendeeID,
		AmountCents: t.AmountCents,
		Channel:     t.Channel,
	})
}
