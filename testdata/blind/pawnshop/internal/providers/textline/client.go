// Package textline is the client for Textline, the SMS provider behind the
// branch numbers.
//
// POST /v1/messages accepts an optional client_ref. Textline keeps client
// references for 72 hours; a send that repeats one returns the original
// message (HTTP 200, same id) instead of texting the handset again. Sends
// without a client_ref are always delivered.
package textline

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"time"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/providers/httpx"
)

type Client struct {
	baseURL string
	apiKey  string
	from    string
	doer    httpx.Doer
}

type Option func(*Client)

// WithDoer swaps the HTTP transport.
func WithDoer(d httpx.Doer) Option { return func(c *Client) { c.doer = d } }

// WithSender sets the default sending number or short code.
func WithSender(from string) Option { return func(c *Client) { c.from = from } }

func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		doer:    httpx.DefaultClient(10 * time.Second),
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type sendRequest struct {
	To        string `json:"to"`
	From      string `json:"from,omitempty"`
	Text      string `json:"text"`
	ClientRef string `json:"client_ref,omitempty"`
}

type sendResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) Send(ctx context.Context, req domain.SMSRequest) (domain.SMSResult, error) {
	var out sendResponse
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	err := httpx.JSON(ctx, c.doer, http.MethodPost, c.baseURL+"/v1/messages", h, sendRequest{
		To:        req.To,
		From:      c.from,
		Text:      req.Body,
		ClientRef: req.ClientRef,
	}, &out)
	if err != nil {
		return domain.SMSResult{}, err
	}
	return domain.SMSResult{MessageID: out.ID, Status: out.Status}, nil
}

// Verifier checks the X-Textline-Signature header on callbacks: hex
// HMAC-SHA256 of the raw body with the webhook secret.
type Verifier struct {
	secret []byte
}

func NewVerifier(secret string) *Verifier { return &Verifier{secret: []byte(secret)} }

func (v *Verifier) Valid(body []byte, signature string) bool {
	mac := hmac.New(sha256.New, v.secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(strings.ToLower(signature)))
}
