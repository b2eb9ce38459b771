// Package workers holds the River workers and the River worker client.
package workers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/acme/freight/internal/app/invoicing"
	"github.com/acme/freight/internal/config"
	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/jobs"
	"github.com/acme/freight/internal/notify"
	"github.com/acme/freight/internal/store/bunstore"
)

type ShipmentReader interface {
	Get(ctx context.Context, id string) (*domain.Shipment, error)
}

type EndpointLister interface {
	ForCustomer(ctx context.Context, customerID, eventType string) ([]bunstore.WebhookEndpoint, error)
}

type Outbox interface {
	GetOutbox(ctx context.Context, id string) (*domain.OutboxMessage, error)
	MarkOutboxDelivered(ctx context.Context, id string, at time.Time) error
}

type WebhookSender interface {
	Send(ctx context.Context, ep notify.Endpoint, eventType string, data any) error
	SendWithID(ctx context.Context, ep notify.Endpoint, eventID, eventType string, data any) error
}

// GenerateInvoiceWorker invoices a delivered shipment.
type GenerateInvoiceWorker struct {
	river.WorkerDefaults[jobs.GenerateInvoiceArgs]
	Invoices *invoicing.Service
}

func (w *GenerateInvoiceWorker) Work(ctx context.Context, job *river.Job[jobs.GenerateInvoiceArgs]) error {
	err := w.Invoices.Generate(ctx, job.Args.ShipmentID)
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(err)
	}
	return err
}

// ChargeAccessorialWorker bills a carrier accessorial fee.
type ChargeAccessorialWorker struct {
	river.WorkerDefaults[jobs.ChargeAccessorialArgs]
	Invoices *invoicing.Service
}

func (w *ChargeAccessorialWorker) Work(ctx context.Context, job *river.Job[jobs.ChargeAccessorialArgs]) error {
	a := job.Args
	return w.Invoices.ChargeAccessorial(ctx, invoicing.AccessorialFee{
		ShipmentID:     a.ShipmentID,
		CarrierEventID: a.CarrierEventID,
		FeeCode:        a.FeeCode,
		AmountCents:    a.AmountCents,
		Currency:       a.Currency,
	})
}

// NotifyTrackingWorker tells the shipper's webhooks about a status change.
type NotifyTrackingWorker struct {
	river.WorkerDefaults[jobs.NotifyTrackingArgs]
	Shipments ShipmentReader
	Endpoints EndpointLister
	Sender    WebhookSender
}

func (w *NotifyTrackingWorker) Work(ctx context.Context, job *river.Job[jobs.NotifyTrackingArgs]) error {
	sh, err := w.Shipments.Get(ctx, job.Args.ShipmentID)
	if err != nil {
		return err
	}
	eps, err := w.Endpoints.ForCustomer(ctx, sh.ShipperID, "tracking.updated")
	if err != nil {
		return err
	}
	data := map[string]any{
		"shipment_id": sh.ID,
		"reference":   sh.Reference,
		"order_ref":   sh.OrderRef,
		"status":      job.Args.Status,
		"occurred_at": job.Args.OccurredAt,
	}
	for _, ep := range eps {
		if err := w.Sender.Send(ctx, notify.Endpoint{URL: ep.URL, Secret: ep.Secret}, "tracking.updated", data); err != nil {
			return fmt.Errorf("endpoint %s: %w", ep.ID, err)
		}
	}
	return nil
}

// DeliverInvoiceWebhookWorker delivers an outbox message to the customer.
type DeliverInvoiceWebhookWorker struct {
	river.WorkerDefaults[jobs.DeliverInvoiceWebhookArgs]
	Outbox    Outbox
	Endpoints EndpointLister
	Sender    WebhookSender
	Now       func() time.Time
}

func (w *DeliverInvoiceWebhookWorker) Work(ctx context.Context, job *river.Job[jobs.DeliverInvoiceWebhookArgs]) error {
	msg, err := w.Outbox.GetOutbox(ctx, job.Args.OutboxID)
	if err != nil {
		return err
	}
	if msg.DeliveredAt != nil {
		return nil
	}
	eps, err := w.Endpoints.ForCustomer(ctx, msg.CustomerID, msg.EventType)
	if err != nil {
		return err
	}
	for _, ep := range eps {
		// The outbox ID is the event ID: receivers see the same ID on every
		// redelivery and can drop duplicates.
		err := w.Sender.SendWithID(ctx, notify.Endpoint{URL: ep.URL, Secret: ep.Secret}, msg.ID, msg.EventType, json.RawMessage(msg.Payload))
		if err != nil {
			return fmt.Errorf("endpoint %s: %w", ep.ID, err)
		}
	}
	return w.Outbox.MarkOutboxDelivered(ctx, msg.ID, w.Now())
}

// Set groups the workers so they can be injected together.
type Set struct {
	GenerateInvoice   *GenerateInvoiceWorker
	ChargeAccessorial *ChargeAccessorialWorker
	NotifyTracking    *NotifyTrackingWorker
	DeliverInvoice    *DeliverInvoiceWebhookWorker
}

func NewSet(inv *invoicing.Service, shipments ShipmentReader, endpoints EndpointLister, outbox Outbox, sender WebhookSender) *Set {
	return &Set{
		GenerateInvoice:   &GenerateInvoiceWorker{Invoices: inv},
		ChargeAccessorial: &ChargeAccessorialWorker{Invoices: inv},
		NotifyTracking:    &NotifyTrackingWorker{Shipments: shipments, Endpoints: endpoints, Sender: sender},
		DeliverInvoice:    &DeliverInvoiceWebhookWorker{Outbox: outbox, Endpoints: endpoints, Sender: sender, Now: time.Now},
	}
}

// NewClient builds the River client that runs the workers.
func NewClient(pool *pgxpool.Pool, cfg *config.Config, set *Set) (*river.Client[pgx.Tx], error) {
	w := river.NewWorkers()
	river.AddWorker(w, set.GenerateInvoice)
	river.AddWorker(w, set.ChargeAccessorial)
	river.AddWorker(w, set.NotifyTracking)
	river.AddWorker(w, set.DeliverInvoice)
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 5},
			jobs.QueueBilling:  {MaxWorkers: cfg.RiverWorkers / 2},
			jobs.QueueWebhooks: {MaxWorkers: cfg.RiverWorkers},
		},
		Workers: w,
	})
}
