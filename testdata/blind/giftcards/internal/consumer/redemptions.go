package consumer

import (
	"context"
	"errors"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/service"
)

const redemptionsConsumer = "pos-redemptions"

// RedemptionHandler applies store-and-forward redemptions from the POS
// gateway.
type RedemptionHandler struct {
	events      repo.EventLog
	redemptions service.Redemptions
	log         *slog.Logger
}

func NewRedemptionHandler(events repo.EventLog, redemptions service.Redemptions, log *slog.Logger) *RedemptionHandler {
	return &RedemptionHandler{events: events, redemptions: redemptions, log: log}
}

func (h *RedemptionHandler) Handle(ctx context.Context, m kafka.Message) error {
	ev, err := decode[PosRedemption](m.Value)
	if err != nil {
		return err
	}
	if ev.EventID == "" {
		return permanent(errors.New("missing event_id"))
	}

	seen, err := h.events.Seen(ctx, redemptionsConsumer, ev.EventID)
	if err != nil {
		return err
	}
	if seen {
		h.log.DebugContext(ctx, "duplicate redemption event", "event_id", ev.EventID)
		return nil
	}

	res, err := h.redemptions.Redeem(ctx, service.RedeemInput{
		MerchantID:  ev.MerchantID,
		TerminalID:  ev.TerminalID,
		CardCode:    ev.CardCode,
		PosTxnID:    ev.PosTxnID,
		AmountCents: ev.AmountCents,
	}, service.WithMerchantNotification(), service.WithSource("kafka"))
	switch {
	case err == nil:
		h.log.InfoContext(ctx, "offline redemption applied", "event_id", ev.EventID, "redemption_id", res.RedemptionID)
	case errors.Is(err, service.ErrInsufficientFunds),
		errors.Is(err, service.ErrCardNotActive),
		errors.Is(err, service.ErrCardExpired),
		errors.Is(err, service.ErrNotFound):
		// The terminal approved offline; the shortfall is recovered from the
		// merchant through the exceptions report.
		h.log.WarnContext(ctx, "offline redemption declined", "event_id", ev.EventID, "merchant_id", ev.MerchantID, "reason", err)
	default:
		return err
	}
	return h.events.MarkProcessed(ctx, redemptionsConsumer, ev.EventID)
}
