package payments

import (
	"context"
	"net/url"
)

type IntentStatus string

const (
	IntentRequiresCapture IntentStatus = "requires_capture"
	IntentSucceeded       IntentStatus = "succeeded"
	IntentCanceled        IntentStatus = "canceled"
	IntentFailed          IntentStatus = "failed"
)

type Intent struct {
	ID             string            `json:"id"`
	Status         IntentStatus      `json:"status"`
	Amount         int64             `json:"amount"`
	AmountCaptured int64             `json:"amount_captured"`
	Currency       string            `json:"currency"`
	Customer       string            `json:"customer"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

type AuthorizeRequest struct {
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Customer      string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	CaptureMethod string            `json:"capture_method"`
	Description   string            `json:"description,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

func (r *AuthorizeRequest) setMetadata(m map[string]string) { r.Metadata = m }

// Authorize places a hold on the card for a later capture.
func (c *Client) Authorize(ctx context.Context, req AuthorizeRequest, opts ...CallOption) (*Intent, error) {
	req.CaptureMethod = "manual"
	var out Intent
	if err := c.post(ctx, "/v1/payment_intents", &req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

type captureRequest struct {
	AmountToCapture int64 `json:"amount_to_capture"`
}

// Capture captures amount against a held intent. Holds accept several
// partial captures up to the authorised total (the plant may split an order
// into separate deliveries), so every accepted capture request moves money.
func (c *Client) Capture(ctx context.Context, intentID string, amount int64, opts ...CallOption) (*Intent, error) {
	var out Intent
	path := "/v1/payment_intents/" + url.PathEscape(intentID) + "/capture"
	if err := c.post(ctx, path, &captureRequest{AmountToCapture: amount}, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

type cancelRequest struct {
	Reason string `json:"cancellation_reason,omitempty"`
}

// Void releases a hold.
func (c *Client) Void(ctx context.Context, intentID, reason string, opts ...CallOption) (*Intent, error) {
	var out Intent
	path := "/v1/payment_intents/" + url.PathEscape(intentID) + "/cancel"
	if err := c.post(ctx, path, &cancelRequest{Reason: reason}, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

type ChargeRequest struct {
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Customer      string            `json:"customer"`
	PaymentMethod string            `json:"payment_method"`
	OffSession    bool              `json:"off_session"`
	Description   string            `json:"description,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

func (r *ChargeRequest) setMetadata(m map[string]string) { r.Metadata = m }

// Charge creates and immediately captures an off-session payment against a
// saved card.
func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Intent, error) {
	req.OffSession = true
	var out Intent
	if err := c.post(ctx, "/v1/charges", &req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

type Refund struct {
	ID            string `json:"id"`
	PaymentIntent string `json:"payment_intent"`
	Amount        int64  `json:"amount"`
	Status        string `json:"status"`
	Reason        string `json:"reason"`
}

type RefundRequest struct {
	PaymentIntent string `json:"payment_intent"`
	Amount        int64  `json:"amount"`
	Reason        string `json:"reason,omitempty"`
}

func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	var out Refund
	if err := c.post(ctx, "/v1/refunds", &req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) GetIntent(ctx context.Context, id string) (*Intent, error) {
	var out Intent
	if err := c.get(ctx, "/v1/payment_intents/"+url.PathEscape(id), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
