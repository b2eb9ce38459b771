// Package mailhouse is the client for the print-and-mail vendor that
// prints and posts citation notices. A letter submitted with a
// client_reference already seen in the last 72 hours is not printed again;
// the original letter is returned.
package mailhouse

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/harborcity/citeproc/internal/platform/retryx"
	"github.com/harborcity/citeproc/internal/provider/apiclient"
)

type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	ReturnAddress Address
}

type Client struct {
	api    *apiclient.Client
	secret []byte
	from   Address
}

func New(cfg Config) *Client {
	return &Client{
		api:    apiclient.New("mailhouse", cfg.BaseURL, 30*time.Second, apiclient.Bearer(cfg.APIKey)),
		secret: []byte(cfg.WebhookSecret),
		from:   cfg.ReturnAddress,
	}
}

type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"address_line1"`
	Line2      string `json:"address_line2,omitempty"`
	City       string `json:"address_city"`
	Region     string `json:"address_state"`
	PostalCode string `json:"address_zip"`
}

type Letter struct {
	TemplateID string            `json:"template_id"`
	To         Address           `json:"to"`
	MergeVars  map[string]string `json:"merge_variables"`
	MailClass  string            `json:"mail_class"` // first_class | certified
	Color      bool              `json:"color"`
}

type LetterReceipt struct {
	ID                  string    `json:"id"`
	ExpectedDeliveryAt  time.Time `json:"expected_delivery_date"`
	TrackingNumber      string    `json:"tracking_number"`
	ClientReference     string    `json:"client_reference"`
	DuplicateOfOriginal bool      `json:"duplicate"`
}

type sendOptions struct {
	clientReference string
}

// SendOption customises a SendLetter call.
type SendOption func(*sendOptions)

// WithClientReference sets the vendor's deduplication reference.
func WithClientReference(ref string) SendOption {
	return func(o *sendOptions) { o.clientReference = ref }
}

// SendLetter submits a letter for printing and mailing.
func (c *Client) SendLetter(ctx context.Context, l Letter, opts ...SendOption) (*LetterReceipt, error) {
	var o sendOptions
	for _, opt := range opts {
		opt(&o)
	}
	body := struct {
		Letter
		From            Address `json:"from"`
		ClientReference string  `json:"client_reference,omitempty"`
	}{Letter: l, From: c.from, ClientReference: o.clientReference}

	call := func(ctx context.Context) (*LetterReceipt, error) {
		var out LetterReceipt
		if err := c.api.Do(ctx, http.MethodPost, "/v1/letters", nil, body, &out); err != nil {
			return nil, err
		}
		return &out, nil
	}
	if o.clientReference != "" {
		return retryx.Do(ctx, retryx.Default, call)
	}
	return call(ctx)
}

// WebhookEvent is a letter tracking event.
type WebhookEvent struct {
	ID              string    `json:"id"`
	Type            string    `json:"type"` // letter.mailed | letter.delivered | letter.returned_to_sender
	LetterID        string    `json:"letter_id"`
	ClientReference string    `json:"client_reference"`
	Reason          string    `json:"reason"`
	OccurredAt      time.Time `json:"occurred_at"`
}

// ParseWebhook verifies the X-Mailhouse-Signature header and decodes the event.
func (c *Client) ParseWebhook(payload []byte, signature string) (*WebhookEvent, error) {
	if !apiclient.VerifyHMAC(c.secret, payload, signature) {
		return nil, errors.New("mailhouse: bad signature")
	}
	var ev WebhookEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, fmt.Errorf("mailhouse: decode event: %w", err)
	}
	return &ev, nil
}
