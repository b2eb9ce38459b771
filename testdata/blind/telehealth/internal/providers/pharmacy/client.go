// Package pharmacy is the client for the RxRelay e-prescribing network.
//
// RxRelay accepts NewRx, CancelRx and RxRenewal messages as JSON over HTTPS
// and forwards them to the patient's pharmacy. POST endpoints honour an
// Idempotency-Key header: a repeated key within 72 hours returns the
// original response instead of transmitting the message again.
package pharmacy

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"time"

	"github.com/carelink/telehealth/internal/platform/httpx"
)

// Order is a NewRx message.
type Order struct {
	PrescriberNPI string `json:"prescriber_npi"`
	PrescriberDEA string `json:"prescriber_dea,omitempty"`
	PatientRef    string `json:"patient_ref"`
	PatientName   string `json:"patient_name"`
	PharmacyNCPDP string `json:"pharmacy_ncpdp"`
	NDC           string `json:"ndc"`
	DrugName      string `json:"drug_name"`
	Sig           string `json:"sig"`
	Quantity      int    `json:"quantity"`
	Refills       int    `json:"refills"`
	WrittenOn     string `json:"written_on"`
	ClientRef     string `json:"client_ref"`
}

// OrderAck is RxRelay's acceptance of a NewRx.
type OrderAck struct {
	OrderID  string `json:"order_id"`
	Status   string `json:"status"`
	Received string `json:"received_at"`
}

// Renewal is an RxRenewal response authorising more fills.
type Renewal struct {
	Quantity      int    `json:"quantity"`
	PrescriberNPI string `json:"prescriber_npi"`
	Note          string `json:"note,omitempty"`
}

// RenewalAck is RxRelay's acceptance of a renewal.
type RenewalAck struct {
	RenewalID string `json:"renewal_id"`
	Status    string `json:"status"`
}

// API is the subset of RxRelay used by the prescription service.
type API interface {
	Submit(ctx context.Context, o Order, opts ...CallOption) (OrderAck, error)
	Cancel(ctx context.Context, orderID, reason string, opts ...CallOption) error
	Renew(ctx context.Context, orderID string, r Renewal, opts ...CallOption) (RenewalAck, error)
}

type callOpts struct {
	idempotencyKey string
	traceID        string
}

// CallOption customises one RxRelay call.
type CallOption func(*callOpts)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(k string) CallOption { return func(o *callOpts) { o.idempotencyKey = k } }

// WithTraceID propagates a trace identifier for support tickets.
func WithTraceID(id string) CallOption { return func(o *callOpts) { o.traceID = id } }

// Client talks to RxRelay over HTTPS.
type Client struct {
	base      string
	apiKey    string
	accountID string
	hc        *http.Client
}

func NewClient(base, apiKey, accountID string) *Client {
	return &Client{base: base, apiKey: apiKey, accountID: accountID, hc: httpx.NewClient(15 * time.Second)}
}

func (c *Client) headers(opts []CallOption) http.Header {
	var o callOpts
	for _, fn := range opts {
		fn(&o)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	h.Set("RxRelay-Account", c.accountID)
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	if o.traceID != "" {
		h.Set("X-Trace-Id", o.traceID)
	}
	return h
}

func (c *Client) Submit(ctx context.Context, o Order, opts ...CallOption) (OrderAck, error) {
	var ack OrderAck
	err := httpx.DoJSON(ctx, c.hc, httpx.Call{
		Provider: "rxrelay", Method: http.MethodPost, URL: c.base + "/orders",
		Header: c.headers(opts), Body: o, Out: &ack,
	})
	return ack, err
}

func (c *Client) Cancel(ctx context.Context, orderID, reason string, opts ...CallOption) error {
	return httpx.DoJSON(ctx, c.hc, httpx.Call{
		Provider: "rxrelay", Method: http.MethodPost,
		URL:    c.base + "/orders/" + url.PathEscape(orderID) + "/cancel",
		Header: c.headers(opts), Body: map[string]string{"reason": reason},
	})
}

func (c *Client) Renew(ctx context.Context, orderID string, r Renewal, opts ...CallOption) (RenewalAck, error) {
	var ack RenewalAck
	err := httpx.DoJSON(ctx, c.hc, httpx.Call{
		Provider: "rxrelay", Method: http.MethodPost,
		URL:    c.base + "/orders/" + url.PathEscape(orderID) + "/renewals",
		Header: c.headers(opts), Body: r, Out: &ack,
	})
	return ack, err
}

// VerifySignature checks the X-RxRelay-Signature header (hex HMAC-SHA256 of
// the raw body).
func VerifySignature(secret string, body []byte, header string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(header))
}
