package purchase

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/ports"
)

// GatewayEvent is the envelope of a payment gateway webhook.
type GatewayEvent struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data struct {
		Object struct {
			ID             string            `json:"id"`
			Charge         string            `json:"charge"`
			Amount         int64             `json:"amount"`
			AmountRefunded int64             `json:"amount_refunded"`
			Metadata       map[string]string `json:"metadata"`
		} `json:"object"`
	} `json:"data"`
}

// Webhooks applies gateway events to purchases. Charges normally complete
// synchronously in Buy; the webhook covers requests whose response was lost
// and refunds made from the gateway dashboard.
type Webhooks struct {
	tx        ports.TxRunner
	purchases ports.Purchases
	ledger    ports.Ledger
	svc       *Service
}

// NewWebhooks returns a Webhooks.
func NewWebhooks(tx ports.TxRunner, purchases ports.Purchases, ledger ports.Ledger, svc *Service) *Webhooks {
	return &Webhooks{tx: tx, purchases: purchases, ledger: ledger, svc: svc}
}

// Handle stores the event and applies it.
func (w *Webhooks) Handle(ctx context.Context, raw []byte) error {
	var ev GatewayEvent
	if err := json.Unmarshal(raw, &ev); err != nil {
		return fmt.Errorf("%w: %v", domain.ErrInvalid, err)
	}
	obj := ev.Data.Object
	chargeID := obj.ID
	if obj.Charge != "" {
		chargeID = obj.Charge
	}
	return w.tx.Do(ctx, func(ctx context.Context) error {
		if err := w.purchases.InsertGatewayEvent(ctx, domain.GatewayEvent{
			EventID:   ev.ID,
			EventType: ev.Type,
			ChargeID:  chargeID,
			Payload:   raw,
		}); err != nil {
			return err
		}
		switch ev.Type {
		case "charge.succeeded":
			p, err := w.purchases.Get(ctx, obj.Metadata["purchase_id"])
			if errors.Is(err, domain.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			return w.svc.credit(ctx, p, chargeID)
		case "charge.failed":
			if id := obj.Metadata["purchase_id"]; id != "" {
				return w.purchases.MarkFailed(ctx, id, "gateway_failed")
			}
			return nil
		case "refund.created":
			if obj.Metadata["origin"] == refundOrigin {
				return nil
			}
			return w.dashboardRefund(ctx, chargeID, obj.Amount)
		}
		return nil
	})
}

// dashboardRefund mirrors a refund an agent made in the gateway dashboard.
func (w *Webhooks) dashboardRefund(ctx context.Context, chargeID string, cents int64) error {
	p, err := w.purchases.GetByCharge(ctx, chargeID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	miles := p.Miles * cents / p.AmountCents
	ok, err := w.purchases.AddRefund(ctx, p.ID, miles, cents)
	if err != nil || !ok {
		return err
	}
	_, err = w.ledger.Post(ctx, domain.Posting{
		MemberID: p.MemberID,
		Kind:     domain.KindRefund,
		Miles:    -miles,
		Source:   "purchase-refund",
		Memo:     "gateway refund " + chargeID,
	})
	return err
}
