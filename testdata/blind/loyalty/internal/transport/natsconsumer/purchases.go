package natsconsumer

import (
	"context"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"

	"github.com/tidewater/loyalty/internal/domain"
)

type EarningService interface {
	Credit(ctx context.Context, evt domain.PurchaseCompleted) (int64, error)
	Clawback(ctx context.Context, evt domain.PurchaseRefunded) error
}

type TierService interface {
	Evaluate(ctx context.Context, customerRef, trigger string) error
}

type ReferralService interface {
	QualifyFirstPurchase(ctx context.Context, evt domain.PurchaseCompleted) error
}

// EarnHandler credits points for purchases.completed.
type EarnHandler struct {
	svc EarningService
	log *slog.Logger
}

func NewEarnHandler(svc EarningService, log *slog.Logger) *EarnHandler {
	return &EarnHandler{svc: svc, log: log}
}

func (h *EarnHandler) Durable() string       { return "loyalty-earn" }
func (h *EarnHandler) FilterSubject() string { return "purchases.completed.>" }

func (h *EarnHandler) Handle(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[domain.PurchaseCompleted](msg)
	if err != nil {
		return err
	}
	trace := ulid.Make().String()
	log := h.log.With("trace", trace, "purchase_id", evt.PurchaseID, "customer", evt.CustomerRef)

	points, err := h.svc.Credit(ctx, evt)
	if err != nil {
		log.ErrorContext(ctx, "credit failed", "err", err)
		return err
	}
	log.InfoContext(ctx, "purchase credited", "points", points)
	return nil
}

// RefundHandler claws back points for purchases.refunded.
type RefundHandler struct {
	svc EarningService
}

func NewRefundHandler(svc EarningService) *RefundHandler {
	return &RefundHandler{svc: svc}
}

func (h *RefundHandler) Durable() string       { return "loyalty-refund" }
func (h *RefundHandler) FilterSubject() string { return "purchases.refunded.>" }

func (h *RefundHandler) Handle(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[domain.PurchaseRefunded](msg)
	if err != nil {
		return err
	}
	return h.svc.Clawback(ctx, evt)
}

// TierHandler re-evaluates the member's tier after each purchase.
type TierHandler struct {
	svc TierService
}

func NewTierHandler(svc TierService) *TierHandler {
	return &TierHandler{svc: svc}
}

func (h *TierHandler) Durable() string       { return "loyalty-tier-evaluator" }
func (h *TierHandler) FilterSubject() string { return "purchases.completed.>" }

func (h *TierHandler) Handle(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[domain.PurchaseCompleted](msg)
	if err != nil {
		return err
	}
	return h.svc.Evaluate(ctx, evt.CustomerRef, "purchase "+evt.PurchaseID)
}

// ReferralHandler pays referral bonuses on a referee's first purchase.
type ReferralHandler struct {
	svc ReferralService
}

func NewReferralHandler(svc ReferralService) *ReferralHandler {
	return &ReferralHandler{svc: svc}
}

func (h *ReferralHandler) Durable() string       { return "loyalty-referral-qualifier" }
func (h *ReferralHandler) FilterSubject() string { return "purchases.completed.>" }

func (h *ReferralHandler) Handle(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[domain.PurchaseCompleted](msg)
	if err != nil {
		return err
	}
	return h.svc.QualifyFirstPurchase(ctx, evt)
}
