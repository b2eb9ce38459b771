package bunstore

import (
	"context"
	"slices"
	"time"

	"github.com/uptrace/bun"
)

type WebhookEndpoint struct {
	bun.BaseModel `bun:"table:webhook_endpoints"`

	ID         string    `bun:"id,pk" json:"id"`
	CustomerID string    `bun:"customer_id,type:uuid" json:"customer_id"`
	URL        string    `bun:"url" json:"url"`
	Secret     string    `bun:"secret" json:"secret"`
	Events     []string  `bun:"events,array" json:"events"`
	CreatedAt  time.Time `bun:"created_at" json:"created_at"`
}

type AccessorialCharge struct {
	bun.BaseModel `bun:"table:accessorial_charges"`

	ID                  string    `bun:"id,pk"`
	ShipmentID          string    `bun:"shipment_id,type:uuid"`
	FeeCode             string    `bun:"fee_code"`
	AmountCents         int64     `bun:"amount_cents"`
	Currency            string    `bun:"currency"`
	StripeInvoiceItemID string    `bun:"stripe_invoice_item_id,nullzero"`
	Status              string    `bun:"status"`
	CreatedAt           time.Time `bun:"created_at"`
}

type ProcessedMessage struct {
	bun.BaseModel `bun:"table:processed_messages"`

	Consumer    string    `bun:"consumer,pk"`
	MessageID   string    `bun:"message_id,pk"`
	ProcessedAt time.Time `bun:"processed_at"`
}

// WebhookEndpoints stores customers' webhook receivers.
type WebhookEndpoints struct {
	db   *bun.DB
	repo *Repo[WebhookEndpoint]
}

func NewWebhookEndpoints(db *bun.DB) *WebhookEndpoints {
	return &WebhookEndpoints{db: db, repo: NewRepo[WebhookEndpoint](db)}
}

// Register stores the endpoint once per (customer, url) and returns the
// stored endpoint, which may be one registered earlier.
func (r *WebhookEndpoints) Register(ctx context.Context, ep *WebhookEndpoint) (*WebhookEndpoint, error) {
	if _, err := r.repo.InsertIgnore(ctx, ep, "customer_id, url"); err != nil {
		return nil, err
	}
	return r.repo.FindOne(ctx, "customer_id = ? AND url = ?", ep.CustomerID, ep.URL)
}

// ForCustomer lists the customer's endpoints subscribed to eventType.
func (r *WebhookEndpoints) ForCustomer(ctx context.Context, customerID, eventType string) ([]WebhookEndpoint, error) {
	var all []WebhookEndpoint
	if err := r.db.NewSelect().Model(&all).Where("customer_id = ?", customerID).Order("created_at").Scan(ctx); err != nil {
		return nil, err
	}
	out := all[:0]
	for _, ep := range all {
		if len(ep.Events) == 0 || slices.Contains(ep.Events, eventType) {
			out = append(out, ep)
		}
	}
	return out, nil
}

// Inbox remembers which broker messages a consumer has already handled.
type Inbox struct {
	db  *bun.DB
	now func() time.Time
}

func NewInbox(db *bun.DB) *Inbox { return &Inbox{db: db, now: time.Now} }

func (i *Inbox) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	return i.db.NewSelect().Model((*ProcessedMessage)(nil)).
		Where("consumer = ?", consumer).
		Where("message_id = ?", messageID).
		Exists(ctx)
}

func (i *Inbox) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	_, err := i.db.NewInsert().Model(&ProcessedMessage{
		Consumer:    consumer,
		MessageID:   messageID,
		ProcessedAt: i.now(),
	}).On("CONFLICT (consumer, message_id) DO NOTHING").Exec(ctx)
	return err
}
