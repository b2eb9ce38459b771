package consumer

import (
	"context"
	"errors"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/service"
	"github.com/lumen-gift/giftcards/internal/webhook"
)

// ReversalHandler applies POS reversals and confirms them to the merchant's
// back office.
type ReversalHandler struct {
	redemptions service.Redemptions
	merchants   repo.Merchants
	notifier    webhook.Notifier
	log         *slog.Logger
}

func NewReversalHandler(redemptions service.Redemptions, merchants repo.Merchants, notifier webhook.Notifier, log *slog.Logger) *ReversalHandler {
	return &ReversalHandler{redemptions: redemptions, merchants: merchants, notifier: notifier, log: log}
}

func (h *ReversalHandler) Handle(ctx context.Context, m kafka.Message) error {
	ev, err := decode[PosReversal](m.Value)
	if err != nil {
		return err
	}
	res, err := h.redemptions.Reverse(ctx, service.ReversalInput{
		MerchantID:  ev.MerchantID,
		PosTxnID:    ev.PosTxnID,
		AmountCents: ev.AmountCents,
		Reason:      ev.Reason,
	})
	if errors.Is(err, service.ErrNotFound) {
		h.log.WarnContext(ctx, "reversal for unknown redemption", "merchant_id", ev.MerchantID, "pos_txn_id", ev.PosTxnID)
		return nil
	}
	if err != nil {
		return err
	}
	if res.Applied {
		h.log.InfoContext(ctx, "redemption reversed", "reversal_id", res.ReversalID, "redemption_id", res.RedemptionID)
	}

	merchant, err := h.merchants.Get(ctx, ev.MerchantID)
	if err != nil {
		return err
	}
	if merchant.WebhookUrl == nil {
		return nil
	}
	target := webhook.Target{URL: *merchant.WebhookUrl}
	if merchant.WebhookSecret != nil {
		target.Secret = *merchant.WebhookSecret
	}
	return h.notifier.Send(ctx, target, webhook.Event{Type: "redemption.reversed", Payload: res})
}
