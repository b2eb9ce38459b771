// Package cardissuer is the client for the RFID card-issuing partner's API.
//
// The partner encodes passes onto keycards, reprints lost cards, mails cards
// to guests and calls us back when an encoding job finishes.
package cardissuer

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/summitline/skipass/internal/config"
)

// EncodeRequest asks the partner to write a pass onto a fresh card.
type EncodeRequest struct {
	PassID     string `json:"pass_id"`
	Product    string `json:"product"`
	HolderName string `json:"holder_name"`
	ValidFrom  string `json:"valid_from"`
	ValidTo    string `json:"valid_to"`
	Resort     string `json:"resort"`
}

type EncodeJob struct {
	JobID  string `json:"job_id"`
	Status string `json:"status"`
}

// ReprintRequest re-issues a card for an existing pass. When RequestID is
// set, the partner answers a repeated request with the original job.
type ReprintRequest struct {
	PassID     string `json:"pass_id"`
	OldCardUID string `json:"old_card_uid"`
	Reason     string `json:"reason"`
	RequestID  string `json:"request_id,omitempty"`
}

type ReprintJob struct {
	JobID  string `json:"job_id"`
	Status string `json:"status"`
}

// ShipmentRequest mails an encoded card to a postal address.
type ShipmentRequest struct {
	CardUID   string  `json:"card_uid"`
	Recipient string  `json:"recipient"`
	Address   Address `json:"address"`
}

type Address struct {
	Line1      string `json:"line1"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

type Shipment struct {
	ShipmentID   string `json:"shipment_id"`
	TrackingCode string `json:"tracking_code"`
}

// CallbackEvent is the body of the partner's job-status webhook.
type CallbackEvent struct {
	EventID string `json:"event_id"`
	Type    string `json:"type"`
	JobID   string `json:"job_id"`
	PassID  string `json:"pass_id"`
	CardUID string `json:"card_uid"`
	Error   string `json:"error,omitempty"`
}

type Client struct {
	baseURL string
	token   string
	secret  string
	resort  string
	http    *http.Client
}

func New(cfg config.Config) *Client {
	return &Client{
		baseURL: cfg.CardIssuerURL,
		token:   cfg.CardIssuerToken,
		secret:  cfg.CardIssuerSecret,
		resort:  cfg.Resort,
		http:    &http.Client{Timeout: 15 * time.Second},
	}
}

// Encode submits an encoding job. The partner honours the Idempotency-Key
// header for 72 hours.
func (c *Client) Encode(ctx context.Context, req EncodeRequest, idempotencyKey string) (*EncodeJob, error) {
	req.Resort = c.resort
	hdr := http.Header{}
	if idempotencyKey != "" {
		hdr.Set("Idempotency-Key", idempotencyKey)
	}
	var out EncodeJob
	if err := c.do(ctx, http.MethodPost, "/encodings", hdr, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Reprint asks for a replacement card for a lost or damaged one.
func (c *Client) Reprint(ctx context.Context, req ReprintRequest) (*ReprintJob, error) {
	var out ReprintJob
	if err := c.do(ctx, http.MethodPost, "/cards/reprints", nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Block disables a card at every turnstile. Blocking twice is a no-op.
func (c *Client) Block(ctx context.Context, cardUID, reason string) error {
	body := map[string]string{"state": "blocked", "reason": reason}
	return c.do(ctx, http.MethodPut, "/cards/"+cardUID+"/state", nil, body, nil)
}

// CreateShipment books postage and hands the card to the courier.
func (c *Client) CreateShipment(ctx context.Context, req ShipmentRequest) (*Shipment, error) {
	var out Shipment
	if err := c.do(ctx, http.MethodPost, "/shipments", nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// VerifyCallback checks the X-Partner-Signature header (hex HMAC-SHA256).
func (c *Client) VerifyCallback(body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(c.secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}

// APIError is a non-2xx response from the partner.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("cardissuer: HTTP %d: %s", e.Status, e.Body)
}

// Temporary reports whether the request may succeed if repeated.
func (e *APIError) Temporary() bool { return e.Status == 429 || e.Status >= 500 }

func (c *Client) do(ctx context.Context, method, path string, hdr http.Header, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	for k, vs := range hdr {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("cardissuer %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode/100 != 2 {
		return &APIError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, out)
}
