package webhooks

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/quayside/lockers/internal/store"
)

// Deliverer posts a webhook to a partner endpoint.
type Deliverer interface {
	Deliver(ctx context.Context, ep Endpoint, d Delivery) (int, error)
}

// Handlers are the job handlers run by the webhook worker.
type Handlers struct {
	repos  store.Repos
	sender Deliverer
	log    *slog.Logger
}

func NewHandlers(repos store.Repos, sender Deliverer, log *slog.Logger) *Handlers {
	return &Handlers{repos: repos, sender: sender, log: log}
}

// Table maps job types to handlers.
func (h *Handlers) Table() map[string]Handler {
	return map[string]Handler{
		TypeParcelStatus:     h.parcelStatus,
		TypeInvoiceReady:     h.invoiceReady,
		TypeShipmentReturned: h.shipmentReturned,
	}
}

func (h *Handlers) endpoint(ctx context.Context, partnerID string) (Endpoint, bool, error) {
	p, err := h.repos.Partners.Get(ctx, partnerID)
	if err != nil {
		return Endpoint{}, false, err
	}
	if p.WebhookURL == "" {
		return Endpoint{}, false, nil
	}
	return Endpoint{URL: p.WebhookURL, Secret: p.WebhookSecret}, true, nil
}

type envelope struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

func body(job Job) ([]byte, error) {
	return json.Marshal(envelope{ID: job.ID, Type: job.Type, CreatedAt: job.CreatedAt, Data: job.Payload})
}

func (h *Handlers) parcelStatus(ctx context.Context, job Job) error {
	done, err := h.repos.Webhooks.Delivered(ctx, job.ID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	ep, ok, err := h.endpoint(ctx, job.PartnerID)
	if err != nil || !ok {
		return err
	}
	b, err := body(job)
	if err != nil {
		return err
	}
	code, err := h.sender.Deliver(ctx, ep, Delivery{ID: job.ID, Type: job.Type, Body: b})
	if err != nil {
		return err
	}
	return h.repos.Webhooks.RecordDelivery(ctx, job.ID, job.PartnerID, job.Type, code)
}

func (h *Handlers) invoiceReady(ctx context.Context, job Job) error {
	var p InvoiceReadyPayload
	if err := json.Unmarshal(job.Payload, &p); err != nil {
		return fmt.Errorf("decode invoice payload: %w", err)
	}
	ep, ok, err := h.endpoint(ctx, job.PartnerID)
	if err != nil || !ok {
		return err
	}
	b, err := body(job)
	if err != nil {
		return err
	}
	code, err := h.sender.Deliver(ctx, ep, Delivery{ID: "invoice:" + p.InvoiceID, Type: job.Type, Body: b})
	if err != nil {
		return err
	}
	return h.repos.Webhooks.RecordDelivery(ctx, job.ID, job.PartnerID, job.Type, code)
}

func (h *Handlers) shipmentReturned(ctx context.Context, job Job) error {
	var p ShipmentReturnedPayload
	if err := json.Unmarshal(job.Payload, &p); err != nil {
		return fmt.Errorf("decode return payload: %w", err)
	}
	if err := h.repos.Webhooks.InsertReturnNotice(ctx, p.ShipmentID, job.PartnerID, p.Reason); err != nil {
		return fmt.Errorf("record return notice: %w", err)
	}
	ep, ok, err := h.endpoint(ctx, job.PartnerID)
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	b, err := body(job)
	if err != nil {
		return err
	}
	if _, err := h.sender.Deliver(ctx, ep, Delivery{ID: job.ID, Type: job.Type, Body: b}); err != nil {
		return err
	}
	return h.repos.Webhooks.MarkReturnNoticeDelivered(ctx, p.ShipmentID, time.Now().UTC())
}
